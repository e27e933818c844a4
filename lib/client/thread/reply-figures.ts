import { countedUsage } from '@/lib/assemble/counted-usage';
import type { AssembledMessage } from '@/lib/assemble/message';
import type { ModelPricing } from '@/lib/pricing/cost';
import { BLIND_PROVIDER } from '@/lib/api/blind';
import type { UiMessage } from './ui-message';
import type { ReplyFigures } from '../stream/reply-patch';

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
