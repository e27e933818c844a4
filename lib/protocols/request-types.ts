import { textOf, ToolDefinitionSchema, type ChatMessage, type ChatParams, type ToolDefinition } from './conversation';
import type { ProtocolId } from './ids';

/** Where a protocol carries the key, and what else every request names (Anthropic's version). */
export interface KeyHeader {
  name: string;
  /** Before the key in the header's value ("Bearer "). */
  prefix: string;
  /** Headers sent with or without a key. */
  always?: Record<string, string>;
}

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

/**
 * A request body read back into the normalized conversation (each protocol's
 * `read-request.ts`, the inverse of its `request.ts`): what the Traffic page's "Open in
 * chat" and "Compare with…" start from. What the normalized form has no place for
 * (images, server tools, sampling knobs beyond temperature) is left out.
 */
export interface NormalizedRequest {
  /** The body's `model`, where the protocol carries it there (Gemini names it in the path). */
  model?: string;
  messages: ChatMessage[];
  params: ChatParams;
}

/** A tool the normalized form can carry (its name as POST /api/chat accepts it), else undefined. */
export function toolDefinition(name: unknown, description: unknown, parameters: unknown): ToolDefinition | undefined {
  const tool = ToolDefinitionSchema.safeParse({
    name,
    ...(typeof description === 'string' && description ? { description } : {}),
    ...(parameters && typeof parameters === 'object' && !Array.isArray(parameters) ? { parameters } : {}),
  });
  return tool.success ? tool.data : undefined;
}

/** OpenAI's effort words as a token budget: the middle of the band `reasoningEffort` maps back to the same word. */
export function budgetOfEffort(effort: unknown): number | undefined {
  return { minimal: 1024, low: 2048, medium: 8192, high: 16384 }[String(effort)];
}

/** The parameters the normalized form has, from the values a body gave (absent or out of range: left out). */
export function paramsOf(given: {
  maxTokens?: unknown;
  temperature?: unknown;
  thinking?: number;
  tools?: ToolDefinition[];
}): ChatParams {
  const { maxTokens, temperature, thinking, tools } = given;
  const whole = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 1_000_000 ? v : undefined);
  const params: ChatParams = {};
  if (whole(maxTokens)) params.maxTokens = maxTokens as number;
  if (typeof temperature === 'number' && temperature >= 0 && temperature <= 2) params.temperature = temperature;
  if (whole(thinking)) params.thinking = thinking;
  if (tools?.length) params.tools = tools;
  return params;
}

/** Neighbouring tool messages as one: the page sends a turn's results together. */
export function withResultsMerged(messages: ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const message of messages) {
    const last = out.at(-1);
    if (message.role === 'tool' && last?.role === 'tool' && Array.isArray(last.content) && Array.isArray(message.content))
      last.content = [...last.content, ...message.content];
    else out.push(message);
  }
  return out;
}
