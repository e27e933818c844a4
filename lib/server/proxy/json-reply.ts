import 'server-only';
import { emptyMessage, type AssembledMessage } from '@/lib/assemble/message';
import { anthropicUsage } from '@/lib/protocols/anthropic-messages/decode';
import type { StreamEvent, Usage } from '@/lib/protocols/events';
import { geminiUsage } from '@/lib/protocols/gemini/decode';
import type { ProtocolId } from '@/lib/protocols/ids';
import { asArray, isObject, parseData, type Json } from '@/lib/protocols/json';
import { chatUsage } from '@/lib/protocols/openai-chat/decode';
import { responsesUsage } from '@/lib/protocols/openai-responses/decode';

const objects = (v: unknown): Json[] => asArray(v).filter(isObject);
const texts = (parts: Json[], key = 'text') => parts.map((p) => (typeof p[key] === 'string' ? p[key] : '')).join('');
const usageOf = (events: StreamEvent[]): Usage | undefined => events.flatMap((e) => (e.type === 'usage' ? [e.usage] : [])).at(-1);

/**
 * Each protocol's non-streamed answer: its text, thinking and usage. The usage is read
 * by the stream decoder's own reader (the same fields, counted the same way): a
 * non-streamed body carries the usage object its stream's last event would.
 */
const READERS: Record<ProtocolId, (body: Json) => { text: string; thinking?: string; usage?: Usage }> = {
  'openai-chat': (b) => ({
    text: objects(b.choices)
      .map((c) => (isObject(c.message) && typeof c.message.content === 'string' ? c.message.content : ''))
      .join(''),
    usage: isObject(b.usage) ? usageOf([chatUsage(b.usage)]) : undefined,
  }),
  'openai-responses': (b) => ({
    text: objects(b.output)
      .filter((o) => o.type === 'message')
      .map((o) => texts(objects(o.content)))
      .join(''),
    usage: usageOf(responsesUsage(b)),
  }),
  'anthropic-messages': (b) => {
    const content = objects(b.content);
    return {
      text: texts(content.filter((c) => c.type === 'text')),
      thinking: texts(
        content.filter((c) => c.type === 'thinking'),
        'thinking',
      ),
      usage: isObject(b.usage) ? usageOf([anthropicUsage(b.usage)]) : undefined,
    };
  },
  gemini: (b) => {
    const candidate = objects(b.candidates)[0];
    const parts = objects(isObject(candidate?.content) ? candidate.content.parts : undefined);
    return {
      text: texts(parts.filter((p) => !p.thought)),
      thinking: texts(parts.filter((p) => p.thought)),
      usage: isObject(b.usageMetadata) ? usageOf([geminiUsage(b.usageMetadata)]) : undefined,
    };
  },
};

/**
 * A non-streaming answer of a known protocol as a reply: its text, thinking and usage
 * (a streamed one is read by the stream's own decoder). Undefined for a body that is
 * not that protocol's JSON.
 */
export function jsonReply(protocol: ProtocolId, text: string): AssembledMessage | undefined {
  const parsed = parseData(text);
  if (!parsed.ok) return undefined;
  const body = parsed.value;
  const read = READERS[protocol](body);
  return {
    ...emptyMessage('complete'),
    text: read.text,
    thinking: read.thinking ?? '',
    ...(read.usage ? { usage: read.usage } : {}),
  };
}
