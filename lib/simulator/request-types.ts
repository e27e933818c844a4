/** A request to the simulator as every protocol's reader sees it, and the helpers they share. */
import { asArray, isObject, type Json } from '@/lib/protocols/json';
import { textTokens } from '@/lib/assemble/counted-usage';

/** What the simulator needs to know of a request, whatever wire format carried it. */
export interface SimRequest {
  model: string;
  stream: boolean;
  lastUserText: string;
  /** Set when the conversation ends with tool results: the turn continues with an answer. */
  toolResults: { name: string; content: string }[];
  tools: { name: string; parameters?: JsonSchema }[];
  maxTokens?: number;
  includeUsage: boolean;
  inputTokens: number;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  enum?: unknown[];
  items?: JsonSchema;
}

export class SimRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

export function estimateTokens(body: unknown): number {
  return textTokens(JSON.stringify(body));
}

export function requireArray(body: Json, field: string): unknown[] {
  if (!Array.isArray(body[field]) || body[field].length === 0) {
    throw new SimRequestError(400, `${field}: expected a non-empty array`);
  }
  return body[field];
}

export function trailingWhile<T>(items: T[], test: (item: T) => boolean): T[] {
  let start = items.length;
  while (start > 0 && test(items[start - 1]!)) start--;
  return items.slice(start);
}

export function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** What one protocol's reader makes of a request body (the model and token estimate are common). */
export type ReadRequest = (body: Json) => Omit<SimRequest, 'model' | 'inputTokens'>;
