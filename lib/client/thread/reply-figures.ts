import { countedUsage } from '@/lib/assemble/counted-usage';
import type { AssembledMessage } from '@/lib/assemble/message';
import type { ModelPricing } from '@/lib/pricing/cost';
import { BLIND_PROVIDER } from '@/lib/api/blind';
import type { UiMessage } from './ui-message';

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
