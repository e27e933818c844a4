import { costOf, type ModelPricing, type ReplyCost } from '@/lib/pricing/cost';
import { countedUsage } from './counted-usage';
import type { AssembledMessage } from './message';

/**
 * A reply's times, in ms from its request's start, as its speed and summary read them:
 * the page's figures (lib/client/stream/reply-patch.ts), or a stored reply's timings.
 */
export interface ReplyTimes {
  firstToken?: number;
  /** First token of the answer proper, after any thinking. */
  firstAnswer?: number;
  /** The last token so far: the speed runs from the first token to it. */
  lastToken?: number;
  end?: number;
  /** Events that carried tokens: the speed's count when the upstream reports no usage. */
  tokenEvents?: number;
  /** Measured on the server, from when it received the request (the stored reply's timings). */
  settled?: boolean;
}

/**
 * Output tokens per second from the first token to the last, once the reply ended: from
 * its counted usage when the upstream reported one ("usage"), else from the events that carried
 * tokens ("counted", which is not tokens for many providers, and says so). To the last
 * token, not the end: a reply that stalled, or whose server died, ends long after its
 * last token (stored replies from before the last token was kept: to the end).
 */
export function outputRate(
  reply: AssembledMessage,
  figures: ReplyTimes,
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

/** A reply's figures and cost as exports carry them (the event log's .jsonl, a compare session), and a vote keeps them. */
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

/** What a summary reads of a reply: the page's (an assistant UiMessage), or a stored one as the server reads it. */
export interface SummarizedReply {
  provider: string;
  model: string;
  reply: AssembledMessage;
  figures: ReplyTimes;
  /** Its model's prices; null or absent: the model has no known price. */
  pricing?: ModelPricing | null;
}

export function replySummary(message: SummarizedReply): ReplySummary {
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
