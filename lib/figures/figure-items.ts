import { countedUsage } from '@/lib/assemble/counted-usage';
import { formatMs as ms } from './format-duration';
import type { AssembledMessage } from '@/lib/assemble/message';
import type { ReplyFigures } from './reply-figures';
import { outputRate } from '@/lib/assemble/reply-summary';
import { contextShare, costOf, formatUsd, type ModelPricing } from '@/lib/pricing/cost';

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

const thousands = (n: number) =>
  n >= 1_000_000 ? `${+(n / 1_048_576).toFixed(1)}M` : n >= 1000 ? `${Math.round(n / 1000)}k` : String(n);

/** What it cost once its usage is known ("no price" for a model nobody priced), and the context it used, once past half. */
function priceItems(
  usage: AssembledMessage['usage'],
  pricing: ModelPricing | null | undefined,
  about: string,
  aboutInput: string,
): [string, string][] {
  if (!usage || pricing === undefined) return [];
  const cost = costOf(usage, pricing ?? undefined);
  const share = contextShare(usage, pricing ?? undefined);
  return [
    ['cost', cost ? about + formatUsd(cost.usd) : 'no price'],
    ...(share !== undefined && share > 0.5
      ? [['context', `${aboutInput}${Math.round(share * 100)}% of ${thousands(pricing!.contextWindow!)}`] as [string, string]]
      : []),
  ];
}

/**
 * The figures known so far, as label and text: time to first token, tokens per second,
 * total time, input and output tokens, cost, context used, finish reason (as the
 * provider said it). A reply whose stream had no times (`untimed`) says its timing is
 * unknown in place of the three times.
 */
export function figureItems(reply: AssembledMessage, figures: ReplyFigures, pricing?: ModelPricing | null): [string, string][] {
  // Nothing has streamed yet: what the upstream opened with (Anthropic's message_start
  // says 1 output token) is no figure of this reply's. The progress line says it waits.
  if (reply.status === 'streaming' && figures.firstToken === undefined) return [];
  const { usage, estimate, inputEstimated } = countedUsage(reply, figures.tokenEvents);
  const out = usage?.outputTokens;
  const speed = outputRate(reply, figures);
  // The page's own clock while it streams, or until the server's figures come for a reply that ended without its usage.
  const about = timesFinal(reply, figures) ? '' : '≈';
  // The output so far while it streams, or of a reply that never got its final usage: an estimate too.
  const sofar = estimate ? '≈' : '';
  return [
    figures.untimed ? ['timing', 'unknown'] : undefined,
    figures.firstToken !== undefined ? ['TTFT', about + ms(figures.firstToken)] : undefined,
    speed !== undefined
      ? ['speed', `${about || sofar}${speed.rate.toFixed(1)} tok/s${speed.from === 'counted' ? ' (counted)' : ''}`]
      : undefined,
    figures.end !== undefined ? ['total', about + ms(figures.end)] : undefined,
    usage?.inputTokens !== undefined ? ['in', (inputEstimated ? '≈' : '') + String(usage.inputTokens)] : undefined,
    out !== undefined ? ['out', sofar + String(out)] : undefined,
    ...priceItems(usage, pricing, sofar, inputEstimated ? '≈' : ''),
    reply.finishReason ? ['finish', reply.rawFinishReason ?? reply.finishReason] : undefined,
  ].filter((x): x is [string, string] => x !== undefined);
}
