import { costOf } from '@/lib/pricing/cost';
import type { UiMessage } from '../thread/ui-message';
import { BLIND_PROVIDER } from '@/lib/api/blind';
import { outputRate } from '@/lib/assemble/reply-summary';
import { pricedReply } from '../thread/reply-figures';

/** The figure stands for "this model has no known price", where a number of dollars would go. */
export const NO_PRICE = -1;
/** The figure stands for "held back until the vote" (a blind pane's reply): not "no price". */
export const HIDDEN_PRICE = -2;

/**
 * A pane's latest reply as the race's bars compare it: time to first token (ms), output
 * tokens per second, and what an output token cost (US dollars per million, the unit
 * prices are listed in). Per output token, not the reply's total: models answering the
 * same prompt at different lengths would otherwise make the shortest reply "cheapest".
 * The input is in that cost, as it is in what the reply cost. While the reply streams,
 * its speed is the one so far (first token to the latest), in whole tokens a second:
 * the bars render again only when a figure changes, and a decimal would change at
 * nearly every read.
 */
export function raceFigures(message: UiMessage | undefined): [ttft?: number, rate?: number, costPerMillion?: number] {
  if (message?.role !== 'assistant') return [];
  const { usage, pricing } = pricedReply(message);
  const out = usage?.outputTokens;
  let costPerMillion: number | undefined;
  if (usage && out && message.provider === BLIND_PROVIDER) costPerMillion = HIDDEN_PRICE;
  else if (usage && out && pricing !== undefined) {
    const cost = costOf(usage, pricing ?? undefined);
    costPerMillion = cost ? (cost.usd / out) * 1_000_000 : NO_PRICE;
  }
  const { reply, figures } = message;
  const live = figures.end === undefined;
  const rate = outputRate(reply, live ? { ...figures, end: figures.lastToken } : figures)?.rate;
  return [figures.firstToken, live && rate !== undefined ? Math.round(rate) : rate, costPerMillion];
}

/**
 * Whether a reply's figures are the server's, as stored (and as a reload shows them):
 * until then the race marks them "≈", even once the reply has ended, since the server's
 * replace the page's a moment later (settle-race.ts).
 */
export const figuresSettled = (message: UiMessage | undefined): boolean =>
  message?.role === 'assistant' && message.figures.settled === true;
