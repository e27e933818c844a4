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

/** `started`: the address `npm start` wrote (`startedAddress`); PORT, then --sluice, say otherwise. */
export function parseWithArgs(argv: string[], env: Record<string, string | undefined>, started?: string): WithOptions;

/** The file `npm start` writes its address to, under SLUICE_DATA_DIR (default `.data`). */
export function addressFile(env: Record<string, string | undefined>): string;

/** The address `npm start` wrote, if it did and it reads as one. */
export function startedAddress(env: Record<string, string | undefined>): string | undefined;

/** The agent a command runs, known by its name (also as `npx PACKAGE`), and the index of that word in the command. */
export function agentOf(command: string[]): { name: 'claude' | 'codex' | 'gemini' | 'aider'; at: number } | undefined;

/** The variables to set, the lines to say, and the command to run (an agent's own options added where it needs them). */
export function proxyEnvironment(
  providers: { id: string; name: string; protocol: string; builtin: boolean }[],
  options: Pick<WithOptions, 'sluice' | 'pick' | 'cassette' | 'mode' | 'pace'> & { command?: string[] },
  env: Record<string, string | undefined>,
): { env: Record<string, string>; lines: string[]; command: string[] };
