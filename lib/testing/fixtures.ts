import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProtocolId } from '@/lib/protocols/ids';

/** The shared recordings of real provider streams (../shared/fixtures/wire), read-only. */
export const FIXTURE_DIR = join(process.cwd(), '..', 'shared', 'fixtures', 'wire');

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
  file: string;
  protocol: ProtocolId;
  bytes: Uint8Array;
}

export function fixtures(): Fixture[] {
  return readdirSync(FIXTURE_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.sse'))
    .sort()
    .map((file) => {
      const [folder, name] = file.split('/') as [string, string];
      const protocol = FOLDER_PROTOCOLS[folder] ?? GATEWAY_PROTOCOLS[name] ?? 'openai-chat';
      return { file, protocol, bytes: new Uint8Array(readFileSync(join(FIXTURE_DIR, file))) };
    });
}
