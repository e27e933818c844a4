/** The key `npm run with` gives an app that has none; the proxy replaces it with the provider's own. */
export const PLACEHOLDER_KEY: 'sluice-proxy';

export interface WithOptions {
  sluice: string;
  pick: Partial<Record<'openai' | 'anthropic' | 'gemini', string>>;
  /** A cassette to record to or play back from (`--cassette`), its mode (`--mode`, default hybrid) and pace (`--pace`). */
  cassette?: string;
  mode?: 'record' | 'playback' | 'hybrid';
  pace?: string;
  command: string[];
}

export function parseWithArgs(argv: string[], env: Record<string, string | undefined>): WithOptions;

export function proxyEnvironment(
  providers: { id: string; name: string; protocol: string; builtin: boolean }[],
  options: Pick<WithOptions, 'sluice' | 'pick' | 'cassette' | 'mode' | 'pace'>,
  env: Record<string, string | undefined>,
): { env: Record<string, string>; lines: string[] };
