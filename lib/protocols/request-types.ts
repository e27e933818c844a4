import type { KeyHeader } from './module-types';
import { textOf, type ChatMessage, type ChatParams } from './conversation';
import type { ProtocolId } from './ids';

/** What a protocol needs of a provider to address it. */
export interface UpstreamTarget {
  protocol: ProtocolId;
  baseUrl: string;
  path?: string;
  apiKey?: string;
  headers: Record<string, string>;
}

export interface RequestInput {
  target: UpstreamTarget;
  model: string;
  messages: ChatMessage[];
  params: ChatParams;
}

/** The upstream HTTP request, ready to send. Carries the key: server-side only. */
export interface UpstreamRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export const DEFAULT_MAX_TOKENS = 4096;
export const DEFAULT_THINKING_BUDGET = 2048;

export function thinkingBudget(thinking: ChatParams['thinking']): number | undefined {
  if (thinking === undefined || thinking === false) return undefined;
  return thinking === true ? DEFAULT_THINKING_BUDGET : thinking;
}

/** OpenAI-style effort from a token budget. */
export function reasoningEffort(thinking: ChatParams['thinking']): 'low' | 'medium' | 'high' | undefined {
  const budget = thinkingBudget(thinking);
  if (budget === undefined) return undefined;
  return budget <= 2048 ? 'low' : budget <= 8192 ? 'medium' : 'high';
}

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

/** The headers a protocol's key travels in (and what it always sends). */
export function keyHeadersOf(key: KeyHeader, apiKey: string | undefined): Record<string, string> {
  return { ...key.always, ...(apiKey ? { [key.name]: `${key.prefix}${apiKey}` } : {}) };
}

/** The frame every protocol's request shares: POST to `{baseUrl}{path}`, JSON, its own key header. */
export function postTo(target: UpstreamTarget, path: string, key: KeyHeader, body: Record<string, unknown>): UpstreamRequest {
  return {
    url: joinUrl(target.baseUrl, path),
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...target.headers,
      ...keyHeadersOf(key, target.apiKey),
    },
    body,
  };
}

/** System messages as one text, for protocols that carry it apart from the turns. */
export function systemText(messages: ChatMessage[]): string {
  return messages
    .filter((m) => m.role === 'system')
    .map(textOf)
    .join('\n\n');
}
