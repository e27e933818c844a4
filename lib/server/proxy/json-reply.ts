import 'server-only';
import { emptyMessage, type AssembledMessage } from '@/lib/assemble/message';
import type { Usage } from '@/lib/protocols/events';
import type { ProtocolId } from '@/lib/protocols/ids';

type Json = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const texts = (parts: Json[], key = 'text') => parts.map((p) => (typeof p[key] === 'string' ? p[key] : '')).join('');

function defined(usage: Usage): Usage | undefined {
  const set = Object.entries(usage).filter(([, v]) => v !== undefined);
  return set.length ? (Object.fromEntries(set) as Usage) : undefined;
}

/** OpenAI's usage: Chat Completions names its counts `prompt_`/`completion_`, Responses `input_`/`output_`, alike otherwise. */
function openAiUsage(u: Json, input: string, output: string): Usage | undefined {
  return defined({
    inputTokens: num(u[`${input}_tokens`]),
    outputTokens: num(u[`${output}_tokens`]),
    reasoningTokens: num(obj(u[`${output}_tokens_details`]).reasoning_tokens),
    cachedInputTokens: num(obj(u[`${input}_tokens_details`]).cached_tokens),
    totalTokens: num(u.total_tokens),
  });
}

/** Each protocol's non-streaming answer: its text and usage, counted as its stream decoder counts them. */
const READERS: Record<ProtocolId, (body: Json) => { text: string; thinking?: string; usage?: Usage }> = {
  'openai-chat': (b) => {
    const u = obj(b.usage);
    return {
      text: list(b.choices)
        .map((c) => String(obj(c.message).content ?? ''))
        .join(''),
      usage: openAiUsage(u, 'prompt', 'completion'),
    };
  },
  'openai-responses': (b) => {
    const u = obj(b.usage);
    const output = list(b.output);
    return {
      text: output
        .filter((o) => o.type === 'message')
        .map((o) => texts(list(o.content)))
        .join(''),
      usage: openAiUsage(u, 'input', 'output'),
    };
  },
  'anthropic-messages': (b) => {
    const u = obj(b.usage);
    const read = num(u.cache_read_input_tokens) ?? 0;
    const written = num(u.cache_creation_input_tokens) ?? 0;
    const input = num(u.input_tokens);
    const content = list(b.content);
    return {
      text: texts(content.filter((c) => c.type === 'text')),
      thinking: texts(
        content.filter((c) => c.type === 'thinking'),
        'thinking',
      ),
      usage: defined({
        inputTokens: input === undefined ? undefined : input + read + written,
        outputTokens: num(u.output_tokens),
        ...(read ? { cachedInputTokens: read } : {}),
        ...(written ? { cacheWriteTokens: written } : {}),
      }),
    };
  },
  gemini: (b) => {
    const u = obj(b.usageMetadata);
    const parts = list(obj(list(b.candidates)[0]?.content).parts);
    const candidates = num(u.candidatesTokenCount);
    const thoughts = num(u.thoughtsTokenCount);
    return {
      text: texts(parts.filter((p) => !p.thought)),
      thinking: texts(parts.filter((p) => p.thought)),
      usage: defined({
        inputTokens: num(u.promptTokenCount),
        outputTokens: candidates === undefined && thoughts === undefined ? undefined : (candidates ?? 0) + (thoughts ?? 0),
        reasoningTokens: thoughts,
        cachedInputTokens: num(u.cachedContentTokenCount),
        totalTokens: num(u.totalTokenCount),
      }),
    };
  },
};

/**
 * A non-streaming answer of a known protocol as a reply: its text, thinking and usage
 * (a streamed one is read by the stream's own decoder). Undefined for a body that is
 * not that protocol's JSON.
 */
export function jsonReply(protocol: ProtocolId, text: string): AssembledMessage | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const read = READERS[protocol](body as Json);
  return {
    ...emptyMessage('complete'),
    text: read.text,
    thinking: read.thinking ?? '',
    ...(read.usage ? { usage: read.usage } : {}),
  };
}
