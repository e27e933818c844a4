import type { Usage } from '@/lib/protocols/events';

/**
 * What a model costs, in US dollars per million tokens, and its context window: from
 * the price catalog or the providers file (server/pricing.ts). The server sends it with
 * each reply (`x-sluice-pricing`) and stores it with the reply, so the page and the
 * store price a reply with the same numbers and the same arithmetic (costOf).
 */
export interface ModelPricing {
  input: number;
  output: number;
  /** Input tokens read from the provider's cache; the input price when not given. */
  cachedInput?: number;
  /** Input tokens written to the provider's cache (Anthropic: a 5-minute write); the input price when not given. */
  cacheWrite?: number;
  /** A 1-hour cache write (Anthropic); when not given, oneHourWritePrice's. */
  cacheWrite1h?: number;
  contextWindow?: number;
  /** "catalog": @pydantic/genai-prices, matched on provider and model; "config": the providers file's `prices`. */
  source: 'catalog' | 'config';
}

/** A reply's cost in US dollars, and its parts. Reasoning tokens are output tokens, priced as such. */
export interface ReplyCost {
  usd: number;
  input: number;
  cachedInput: number;
  cacheWrite: number;
  output: number;
}

const MILLION = 1_000_000;

/**
 * What a 1-hour cache write costs per million: its own price where the source gives one, else
 * twice the input price where the source prices cache writes at all (Anthropic's published
 * ratios, docs.anthropic.com "Prompt caching" pricing: 5-minute write 1.25×, 1-hour write 2×,
 * read 0.1× the base input price), else the input price (as every cache price falls back).
 */
export function oneHourWritePrice(pricing: ModelPricing): number {
  return pricing.cacheWrite1h ?? (pricing.cacheWrite === undefined ? pricing.input : 2 * pricing.input);
}

/**
 * The cost of a reply's usage at these prices; undefined without a price or without
 * usage (a figure is never guessed). `inputTokens` counts every input token, cached and
 * cache-written ones included (each protocol's decoder reports it so).
 */
export function costOf(usage: Usage | undefined, pricing: ModelPricing | undefined): ReplyCost | undefined {
  if (!pricing || !usage || (usage.inputTokens === undefined && usage.outputTokens === undefined)) return undefined;
  const cached = usage.cachedInputTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  // Anthropic's 1-hour writes (its split of the writes) cost more than the 5-minute ones.
  const hour = Math.min(written, usage.cacheWrite1hTokens ?? 0);
  const plain = Math.max(0, (usage.inputTokens ?? 0) - cached - written);
  const parts = {
    input: (plain * pricing.input) / MILLION,
    cachedInput: (cached * (pricing.cachedInput ?? pricing.input)) / MILLION,
    cacheWrite: ((written - hour) * (pricing.cacheWrite ?? pricing.input) + hour * oneHourWritePrice(pricing)) / MILLION,
    output: ((usage.outputTokens ?? 0) * pricing.output) / MILLION,
  };
  return { usd: parts.input + parts.cachedInput + parts.cacheWrite + parts.output, ...parts };
}

/** The share of the model's context window a reply's input used (0–1), when both are known. */
export function contextShare(usage: Usage | undefined, pricing: ModelPricing | undefined): number | undefined {
  const window = pricing?.contextWindow;
  return window && usage?.inputTokens !== undefined ? usage.inputTokens / window : undefined;
}

/** Dollars as people read them: more digits for the small sums a single reply costs. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  if (usd < 0.0001) {
    // A tiny cost is written to its first digit, never as "<$0.0001": the "≈" of an
    // estimate before it would stack a second qualifier ("≈<$0.0001").
    const first = Number(usd.toPrecision(1));
    return `$${first.toFixed(-Math.floor(Math.log10(first)))}`;
  }
  if (usd < 0.01) return `$${usd.toFixed(4)}`;
  if (usd < 1) return `$${usd.toFixed(3)}`;
  return `$${usd.toFixed(2)}`;
}

/**
 * Replies' costs added up: the priced ones' sum, how many had usage but no known price,
 * and whether the sum rests on an estimate (a priced reply whose usage was one: still
 * streaming, or stopped before the upstream said its usage).
 */
export function totalCost(replies: Iterable<{ usage?: Usage; pricing?: ModelPricing | null; estimate?: boolean }>): {
  usd: number;
  priced: number;
  unpriced: number;
  estimated: boolean;
} {
  const total = { usd: 0, priced: 0, unpriced: 0, estimated: false };
  for (const { usage, pricing, estimate } of replies) {
    if (!usage || pricing === undefined) continue;
    const cost = costOf(usage, pricing ?? undefined);
    if (cost) {
      total.usd += cost.usd;
      total.priced++;
      total.estimated ||= estimate === true;
    } else total.unpriced++;
  }
  return total;
}

/** A total in words: "$0.0123" (marked "≈" when it adds an estimate), with how many replies it leaves out for want of a price. */
export function describeTotal({ usd, priced, unpriced, estimated }: ReturnType<typeof totalCost>): string | undefined {
  if (priced === 0 && unpriced === 0) return undefined;
  const left = unpriced > 0 ? ` (${unpriced} ${unpriced === 1 ? 'reply' : 'replies'} with no price)` : '';
  return priced > 0 ? `${estimated ? '≈' : ''}${formatUsd(usd)}${left}` : 'no price';
}
