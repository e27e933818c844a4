import type { ProtocolId } from './ids';

export const ANTHROPIC_VERSION = '2023-06-01';

/** The headers each protocol expects for its key (and version, for Anthropic). */
export function authHeaders(protocol: ProtocolId, apiKey: string | undefined): Record<string, string> {
  switch (protocol) {
    case 'openai-chat':
    case 'openai-responses':
      return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
    case 'anthropic-messages':
      return { 'anthropic-version': ANTHROPIC_VERSION, ...(apiKey ? { 'x-api-key': apiKey } : {}) };
    case 'gemini':
      return apiKey ? { 'x-goog-api-key': apiKey } : {};
  }
}
