import { countedUsage } from '@/lib/assemble/counted-usage';
import type { AssembledMessage } from '@/lib/assemble/message';
import { costOf, type ModelPricing, type ReplyCost } from '@/lib/pricing/cost';
import { BLIND_PROVIDER } from '@/lib/api/blind';
import type { UiMessage } from './ui-message';
import type { ReplyFigures } from '../stream/reply-patch';

/**
 * Output tokens per second from the first token to the last, once the reply ended: from
 * its counted usage when the upstream reported one ("usage"), else from the events that carried
 * tokens ("counted", which is not tokens for many providers, and says so). To the last
 * token, not the end: a reply that stalled, or whose server died, ends long after its
 * last token (stored replies from before the last token was kept: to the end).
 */
export function outputRate(
  reply: AssembledMessage,
  figures: ReplyFigures,
): { rate: number; from: 'usage' | 'counted' } | undefined {
  if (figures.end === undefined || figures.firstToken === undefined) return undefined;
  const until = figures.lastToken !== undefined && figures.lastToken > figures.firstToken ? figures.lastToken : figures.end;
  const generating = until - figures.firstToken;
  if (!generating || generating <= 0) return undefined;
  const out = countedUsage(reply, figures.tokenEvents).usage?.outputTokens;
  // From usage only when the upstream said an output count: a floor under nothing is the events counted.
  if (out !== undefined && reply.usage?.outputTokens !== undefined) return { rate: out / (generating / 1000), from: 'usage' };
  return figures.tokenEvents ? { rate: figures.tokenEvents / (generating / 1000), from: 'counted' } : undefined;
}

/**
 * Whether a reply's times stand as shown, unmarked: once the server's (settled), or as
 * soon as the reply ended with the upstream's own usage, when nothing in its figures is
 * estimated any more, so the end looks final at once. The page's times are measured
 * too, from its request to each byte; the server's replace them a moment later (one
 * clock, what a reload shows), from when it received the request: they differ by the
 * network's round trip. A reply that ended without its usage (stopped, cut short) keeps
 * its marks until then: its counts are estimated anyway.
 */
export function timesFinal(reply: AssembledMessage, figures: ReplyFigures): boolean {
  if (figures.settled) return true;
  return reply.status !== 'streaming' && reply.usage !== undefined && !countedUsage(reply, figures.tokenEvents).estimate;
}

/**
 * The prices to show a reply's cost at: none known (undefined) for a blind pane's reply
 * before the vote, whose prices the server holds back (they would name the model). Read
 * as null, "no price", the page said a model had no price when it was hidden.
 */
export function shownPricing({ provider, pricing }: Pick<Extract<UiMessage, { role: 'assistant' }>, 'provider' | 'pricing'>) {
  return provider === BLIND_PROVIDER ? undefined : pricing;
}

/** A reply as totals reckon its cost: its counted usage, at its prices, and whether that usage is an estimate. */
export function pricedReply(message: Extract<UiMessage, { role: 'assistant' }>): {
  usage: AssembledMessage['usage'];
  pricing: ModelPricing | null | undefined;
  estimate: boolean;
} {
  const { reply, figures } = message;
  const pricing = shownPricing(message);
  // Nothing has streamed yet: what the upstream opened with (Anthropic's message_start says
  // 1 output token) costs nothing of this reply's yet, as its figures line says too (figure-items.ts).
  if (reply.status === 'streaming' && figures.firstToken === undefined) return { usage: undefined, pricing, estimate: false };
  const { usage, estimate } = countedUsage(reply, figures.tokenEvents);
  return { usage, pricing, estimate };
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
  /** As counted (`countedUsage`): the upstream's, with streamed token events as a floor until it said its last. */
  usage?: AssembledMessage['usage'];
  /** The output count (and the cost) rest on that floor: the upstream never said its final usage. */
  usageEstimated?: true;
  pricing: ModelPricing | null;
  /** null: the model has no known price. */
  cost: ReplyCost | null;
}

export function replySummary(message: Extract<UiMessage, { role: 'assistant' }>): ReplySummary {
  const { reply, figures } = message;
  const speed = outputRate(reply, figures);
  const { usage, estimate } = countedUsage(reply, figures.tokenEvents);
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
    ...(usage ? { usage } : {}),
    ...(estimate ? { usageEstimated: true as const } : {}),
    pricing,
    cost: costOf(usage, pricing ?? undefined) ?? null,
  };
}
