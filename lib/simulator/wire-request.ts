import type { ProtocolId } from '@/lib/protocols/ids';
import { asArray, isObject, type Json } from '@/lib/protocols/json';

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


function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

function estimateTokens(body: unknown): number {
  return Math.max(1, Math.round(JSON.stringify(body).length / 4));
}

function requireArray(body: Json, field: string): unknown[] {
  if (!Array.isArray(body[field]) || body[field].length === 0) {
    throw new SimRequestError(400, `${field}: expected a non-empty array`);
  }
  return body[field];
}

function readOpenAiChat(body: Json): Omit<SimRequest, 'model' | 'inputTokens'> {
  const messages = requireArray(body, 'messages').filter(isObject);
  const callNames = new Map<string, string>();
  for (const m of messages) {
    for (const call of asArray(m.tool_calls)) {
      if (isObject(call) && isObject(call.function)) callNames.set(String(call.id), String(call.function.name));
    }
  }
  const trailing = trailingWhile(messages, (m) => m.role === 'tool');
  return {
    stream: body.stream === true,
    lastUserText: textOf([...messages].reverse().find((m) => m.role === 'user')?.content),
    toolResults: trailing.map((m) => ({ name: callNames.get(String(m.tool_call_id)) ?? 'tool', content: textOf(m.content) })),
    tools: asArray(body.tools)
      .filter(isObject)
      .map((t) => (isObject(t.function) ? { name: String(t.function.name), parameters: t.function.parameters as JsonSchema } : null))
      .filter((t) => t !== null),
    maxTokens: numberOr(body.max_completion_tokens ?? body.max_tokens),
    includeUsage: isObject(body.stream_options) && body.stream_options.include_usage === true,
  };
}

function readAnthropic(body: Json): Omit<SimRequest, 'model' | 'inputTokens'> {
  const messages = requireArray(body, 'messages').filter(isObject);
  if (typeof body.max_tokens !== 'number') throw new SimRequestError(400, 'max_tokens: Field required');
  const callNames = new Map<string, string>();
  for (const m of messages) {
    for (const block of asArray(m.content)) {
      if (isObject(block) && block.type === 'tool_use') callNames.set(String(block.id), String(block.name));
    }
  }
  const last = messages.at(-1);
  const results = asArray(last?.content).filter((b): b is Json => isObject(b) && b.type === 'tool_result');
  const userTexts = messages.filter((m) => m.role === 'user').map((m) => textOf(m.content)).filter((t) => t !== '');
  return {
    stream: body.stream === true,
    lastUserText: userTexts.at(-1) ?? '',
    toolResults: last?.role === 'user' ? results.map((b) => ({ name: callNames.get(String(b.tool_use_id)) ?? 'tool', content: textOf(b.content) })) : [],
    tools: asArray(body.tools)
      .filter(isObject)
      .map((t) => ({ name: String(t.name), parameters: t.input_schema as JsonSchema })),
    maxTokens: body.max_tokens,
    includeUsage: true,
  };
}

function readResponses(body: Json): Omit<SimRequest, 'model' | 'inputTokens'> {
  const input = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : requireArray(body, 'input').filter(isObject);
  const callNames = new Map<string, string>();
  for (const item of input) if (item.type === 'function_call') callNames.set(String(item.call_id), String(item.name));
  const trailing = trailingWhile(input, (i) => i.type === 'function_call_output');
  return {
    stream: body.stream === true,
    lastUserText: textOf([...input].reverse().find((i) => i.role === 'user')?.content),
    toolResults: trailing.map((i) => ({ name: callNames.get(String(i.call_id)) ?? 'tool', content: typeof i.output === 'string' ? i.output : JSON.stringify(i.output) })),
    tools: asArray(body.tools)
      .filter(isObject)
      .filter((t) => t.type === 'function')
      .map((t) => ({ name: String(t.name), parameters: t.parameters as JsonSchema })),
    maxTokens: numberOr(body.max_output_tokens),
    includeUsage: true,
  };
}

function readGemini(body: Json): Omit<SimRequest, 'model' | 'inputTokens'> {
  const contents = requireArray(body, 'contents').filter(isObject);
  const last = contents.at(-1);
  const responses = asArray(last?.parts).filter((p): p is Json => isObject(p) && isObject(p.functionResponse));
  const userTexts = contents.filter((c) => c.role !== 'model').map((c) => textOf(c.parts)).filter((t) => t !== '');
  const config = isObject(body.generationConfig) ? body.generationConfig : {};
  return {
    stream: true,
    lastUserText: userTexts.at(-1) ?? '',
    toolResults: responses.map((p) => {
      const fr = p.functionResponse as Json;
      return { name: String(fr.name), content: JSON.stringify(fr.response) };
    }),
    tools: asArray(body.tools)
      .filter(isObject)
      .flatMap((t) => asArray(t.functionDeclarations).filter(isObject))
      .map((d) => ({ name: String(d.name), parameters: (d.parameters ?? d.parametersJsonSchema) as JsonSchema })),
    maxTokens: numberOr(config.maxOutputTokens),
    includeUsage: true,
  };
}

function trailingWhile<T>(items: T[], test: (item: T) => boolean): T[] {
  let start = items.length;
  while (start > 0 && test(items[start - 1]!)) start--;
  return items.slice(start);
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

const READERS: Record<ProtocolId, (body: Json) => Omit<SimRequest, 'model' | 'inputTokens'>> = {
  'openai-chat': readOpenAiChat,
  'anthropic-messages': readAnthropic,
  'openai-responses': readResponses,
  gemini: readGemini,
};

export function readSimRequest(protocol: ProtocolId, body: unknown, modelFromUrl?: string): SimRequest {
  if (!isObject(body)) throw new SimRequestError(400, 'The request body must be a JSON object.');
  const model = modelFromUrl ?? body.model;
  if (typeof model !== 'string' || model === '') throw new SimRequestError(400, 'model: Field required');
  return { ...READERS[protocol](body), model, inputTokens: estimateTokens(body) };
}
