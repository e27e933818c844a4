import type { AssembledMessage } from '@/lib/assemble/message';
import { costOf, type ModelPricing, type ReplyCost } from '@/lib/pricing/cost';
import type { ReplyFigures, UiMessage } from './chat-store';

/**
 * Output tokens per second from the first token to the last, once the reply ended: from
 * the upstream's usage when it reported one ("usage"), else from the events that carried
 * tokens ("counted", which is not tokens for many providers, and says so). To the last
 * token, not the end: a reply that stalled, or whose server died, ends long after its
 * last token (stored replies from before the last token was kept: to the end).
 */
export function outputRate(reply: AssembledMessage, figures: ReplyFigures): { rate: number; from: 'usage' | 'counted' } | undefined {
  if (figures.end === undefined || figures.firstToken === undefined) return undefined;
  const until = figures.lastToken !== undefined && figures.lastToken > figures.firstToken ? figures.lastToken : figures.end;
  const generating = until - figures.firstToken;
  if (!generating || generating <= 0) return undefined;
  const out = reply.usage?.outputTokens;
  if (out !== undefined) return { rate: out / (generating / 1000), from: 'usage' };
  return figures.tokenEvents ? { rate: figures.tokenEvents / (generating / 1000), from: 'counted' } : undefined;
}

/**
 * The usage to show and price: the upstream's, except while the reply streams, when what
 * it has said so far can lag far behind (Anthropic's message_start says 1 output token
 * until its message_delta): the events that carried tokens are a floor then, and the
 * figures built on it are an estimate (`estimate`).
 */
export function shownUsage(reply: AssembledMessage, figures: ReplyFigures): { usage: AssembledMessage['usage']; estimate: boolean } {
  if (reply.status !== 'streaming' || !reply.usage) return { usage: reply.usage, estimate: false };
  return { usage: { ...reply.usage, outputTokens: Math.max(reply.usage.outputTokens ?? 0, figures.tokenEvents ?? 0) }, estimate: true };
}

/** A reply's figures and cost as exports carry them (the event log's .jsonl, a compare session). */
export interface ReplySummary {
  kind: 'reply';
  provider: string;
  model: string;
  status: AssembledMessage['status'];
  /** "server": measured from when the server received the request (settled); "page": the page's estimate. */
  clock: 'server' | 'page';
  ttftMs?: number;
  firstAnswerMs?: number;
  totalMs?: number;
  speed?: { tokensPerSecond: number; from: 'usage' | 'counted' };
  usage?: AssembledMessage['usage'];
  pricing: ModelPricing | null;
  /** null: the model has no known price. */
  cost: ReplyCost | null;
}

export function replySummary(message: Extract<UiMessage, { role: 'assistant' }>): ReplySummary {
  const { reply, figures } = message;
  const speed = outputRate(reply, figures);
  const pricing = message.pricing ?? null;
  return {
    kind: 'reply',
    provider: message.provider,
    model: message.model,
    status: reply.status,
    clock: figures.settled ? 'server' : 'page',
    ttftMs: figures.firstToken,
    firstAnswerMs: figures.firstAnswer,
    totalMs: figures.end,
    ...(speed ? { speed: { tokensPerSecond: Math.round(speed.rate * 10) / 10, from: speed.from } } : {}),
    ...(reply.usage ? { usage: reply.usage } : {}),
    pricing,
    cost: costOf(reply.usage, pricing ?? undefined) ?? null,
  };
}
