import type { CacheFigures, RunUsage } from '@/lib/api/runs';
import { oneHourWritePrice, type ModelPricing } from '@/lib/pricing/cost';
import type { Usage } from '@/lib/protocols/events';

/**
 * A request's prompt-cache figures, the same under every protocol. `Usage.inputTokens`
 * already counts the cache reads and writes (each decoder reports it so: Anthropic's
 * adds them to its `input_tokens`), so the uncached input is what is left once both are
 * taken out, and the hit rate divides the reads by the whole prompt. Adding the reads to
 * `inputTokens` again (the bug this module exists against) halves a 98.6 % hit rate.
 */

/** A request's tokens: `input` is the uncached input, so input + cacheRead + cacheWrite is the whole prompt. */
export function runUsage(usage?: Usage): RunUsage {
  const { reads, writes, uncached } = parts(usage);
  return { input: uncached, output: usage?.outputTokens ?? 0, cacheRead: reads, cacheWrite: writes };
}

/** A request's cache figures: hitRate = reads ÷ (uncached + writes + reads), null when it had no input. */
export function cacheFigures(usage?: Usage): CacheFigures {
  const { reads, writes, uncached } = parts(usage);
  const split =
    usage?.cacheWrite5mTokens !== undefined || usage?.cacheWrite1hTokens !== undefined
      ? { writes5m: usage.cacheWrite5mTokens ?? 0, writes1h: usage.cacheWrite1hTokens ?? 0 }
      : {};
  return { hitRate: rate(reads, writes, uncached), reads, writes, uncached, ...split };
}

/**
 * A run's figures: the requests' tokens added up, then divided. Never the mean of their
 * ratios (a 0 % request of 10 K tokens and a 90 % one of 100 K are 81.8 %, not 45 %), nor
 * the largest figure any request had.
 */
export function sumCache(figures: CacheFigures[]): CacheFigures {
  let reads = 0;
  let writes = 0;
  let uncached = 0;
  let writes5m: number | undefined;
  let writes1h: number | undefined;
  for (const f of figures) {
    reads += f.reads;
    writes += f.writes;
    uncached += f.uncached;
    if (f.writes5m !== undefined) writes5m = (writes5m ?? 0) + f.writes5m;
    if (f.writes1h !== undefined) writes1h = (writes1h ?? 0) + f.writes1h;
  }
  return {
    hitRate: rate(reads, writes, uncached),
    reads,
    writes,
    uncached,
    ...(writes5m === undefined ? {} : { writes5m }),
    ...(writes1h === undefined ? {} : { writes1h }),
  };
}

/**
 * US dollars the cache saved on a request against sending its whole prompt uncached:
 * reads × (input − cache-read price) − writes × (cache-write price − input); Anthropic's
 * 1-hour writes at their own price (twice the input where the catalog has none). Null
 * without a price, or when a figure needs a cache price the source does not give (a
 * saving is never guessed from the input price alone).
 */
export function cacheSavings(usage: Usage | undefined, pricing: ModelPricing | undefined): number | null {
  if (!pricing || !usage) return null;
  const { reads, writes } = parts(usage);
  if (reads > 0 && pricing.cachedInput === undefined) return null;
  if (writes > 0 && pricing.cacheWrite === undefined && pricing.cacheWrite1h === undefined) return null;
  const hour = Math.min(writes, usage.cacheWrite1hTokens ?? 0);
  const short = writes - hour;
  if (short > 0 && pricing.cacheWrite === undefined) return null;
  const saved =
    reads * (pricing.input - (pricing.cachedInput ?? pricing.input)) -
    short * ((pricing.cacheWrite ?? pricing.input) - pricing.input) -
    hour * (oneHourWritePrice(pricing) - pricing.input);
  return saved / 1_000_000;
}

function parts(usage: Usage | undefined): { reads: number; writes: number; uncached: number } {
  const reads = usage?.cachedInputTokens ?? 0;
  const writes = usage?.cacheWriteTokens ?? 0;
  return { reads, writes, uncached: Math.max(0, (usage?.inputTokens ?? 0) - reads - writes) };
}

function rate(reads: number, writes: number, uncached: number): number | null {
  const whole = reads + writes + uncached;
  return whole === 0 ? null : reads / whole;
}
