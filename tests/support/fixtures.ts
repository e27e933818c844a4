import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProtocolId } from '@/lib/protocols/ids';

/**
 * The recorded streams of real providers and gateways, and the hand-written cases
 * beside them (tests/fixtures/wire; its INDEX.md names each one's source), read-only.
 */
export const FIXTURE_DIR = join(process.cwd(), 'tests', 'fixtures', 'wire');

/** Hand-written cases live in this folder, one subfolder per protocol; everything else was recorded. */
const HAND_WRITTEN = 'hand-written';

const GATEWAY_PROTOCOLS: Record<string, ProtocolId> = {
  'openrouter-responses-api.sse': 'openai-responses',
  'deepseek-responses-reasoning-text.sse': 'openai-responses',
};
const FOLDER_PROTOCOLS: Record<string, ProtocolId> = {
  'openai-chat': 'openai-chat',
  'anthropic-messages': 'anthropic-messages',
  'openai-responses': 'openai-responses',
  gemini: 'gemini',
};

export interface Fixture {
  /** Path below FIXTURE_DIR, with `/` separators. */
  file: string;
  protocol: ProtocolId;
  bytes: Uint8Array;
  /** A real upstream's bytes (false for the hand-written cases). */
  recorded: boolean;
}

export function fixtures(): Fixture[] {
  return readdirSync(FIXTURE_DIR, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.endsWith('.sse'))
    .sort()
    .map((file) => {
      const parts = file.split('/');
      const recorded = parts[0] !== HAND_WRITTEN;
      const [folder, name] = (recorded ? parts : parts.slice(1)) as [string, string];
      const protocol = FOLDER_PROTOCOLS[folder] ?? GATEWAY_PROTOCOLS[name] ?? 'openai-chat';
      return { file, protocol, recorded, bytes: new Uint8Array(readFileSync(join(FIXTURE_DIR, file))) };
    });
}

/** One fixture's text, exactly as stored (a leading BOM kept). */
export function fixtureText(file: string): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(readFileSync(join(FIXTURE_DIR, file)));
}
