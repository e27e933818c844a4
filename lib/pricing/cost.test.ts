import { describe, expect, it } from 'vitest';
import { contextShare, costOf, describeTotal, formatUsd, totalCost, type ModelPricing } from './cost';

const gpt4o: ModelPricing = { input: 2.5, output: 10, cachedInput: 1.25, contextWindow: 128_000, source: 'catalog' };
const sonnet: ModelPricing = { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75, source: 'catalog' };

describe('a reply’s cost', () => {
  it('prices input and output per million tokens', () => {
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 100_000 }, gpt4o)).toEqual({
      usd: 3.5,
      input: 2.5,
      cachedInput: 0,
      cacheWrite: 0,
      output: 1,
    });
  });

  it('prices cached input at its own rate, out of the input count that includes it', () => {
    const cost = costOf({ inputTokens: 10_000, cachedInputTokens: 8_000, outputTokens: 0 }, gpt4o)!;
    expect(cost.input).toBeCloseTo(2_000 * 2.5e-6, 12);
    expect(cost.cachedInput).toBeCloseTo(8_000 * 1.25e-6, 12);
    expect(cost.usd).toBeCloseTo(0.005 + 0.01, 12);
  });

  it('prices cache writes (Anthropic) at theirs, and falls back to the input price where a model has no cache price', () => {
    const cost = costOf({ inputTokens: 4_740, cachedInputTokens: 0, cacheWriteTokens: 4_735, outputTokens: 255 }, sonnet)!;
    expect(cost.input).toBeCloseTo(5 * 3e-6, 12);
    expect(cost.cacheWrite).toBeCloseTo(4_735 * 3.75e-6, 12);
    expect(cost.output).toBeCloseTo(255 * 15e-6, 12);
    expect(
      costOf({ inputTokens: 100, cachedInputTokens: 100 }, { input: 1, output: 2, source: 'config' })!.cachedInput,
    ).toBeCloseTo(100e-6, 12);
  });

  it('prices Anthropic 1-hour cache writes at twice the input price, unless the source gives their price', () => {
    const usage = { inputTokens: 3_000, cacheWriteTokens: 3_000, cacheWrite5mTokens: 1_000, cacheWrite1hTokens: 2_000 };
    expect(costOf(usage, sonnet)!.cacheWrite).toBeCloseTo((1_000 * 3.75 + 2_000 * 6) / 1e6, 12);
    expect(costOf(usage, { ...sonnet, cacheWrite1h: 5 })!.cacheWrite).toBeCloseTo((1_000 * 3.75 + 2_000 * 5) / 1e6, 12);
    // A source with no cache prices prices every write at the input price, as before.
    expect(costOf(usage, { input: 1, output: 2, source: 'config' })!.cacheWrite).toBeCloseTo(3_000e-6, 12);
  });

  it('prices reasoning tokens as output (they are counted in outputTokens)', () => {
    const plain = costOf({ inputTokens: 10, outputTokens: 1_000 }, gpt4o)!;
    const thinking = costOf({ inputTokens: 10, outputTokens: 1_000, reasoningTokens: 900 }, gpt4o)!;
    expect(thinking.usd).toBe(plain.usd);
  });

  it('is never guessed: no price or no usage gives none', () => {
    expect(costOf({ inputTokens: 10, outputTokens: 10 }, undefined)).toBeUndefined();
    expect(costOf(undefined, gpt4o)).toBeUndefined();
    expect(costOf({ totalTokens: 10 }, gpt4o)).toBeUndefined();
  });

  it('says how much of the context window the input used', () => {
    expect(contextShare({ inputTokens: 96_000 }, gpt4o)).toBe(0.75);
    expect(contextShare({ inputTokens: 96_000 }, sonnet)).toBeUndefined();
  });

  it('adds up a conversation, counting the replies with no price apart, and writes dollars for reading', () => {
    const total = totalCost([
      { usage: { inputTokens: 1_000_000, outputTokens: 0 }, pricing: gpt4o },
      { usage: { inputTokens: 10, outputTokens: 10 }, pricing: null },
      { usage: undefined, pricing: gpt4o },
    ]);
    expect(total).toEqual({ usd: 2.5, priced: 1, unpriced: 1, estimated: false });
    expect(describeTotal(total)).toBe('$2.50 (1 reply with no price)');
    expect(describeTotal({ usd: 0, priced: 0, unpriced: 2, estimated: false })).toBe('no price');
    expect(describeTotal({ usd: 0, priced: 0, unpriced: 0, estimated: false })).toBeUndefined();
    expect([0, 0.00004, 0.00123, 0.0456, 12.345].map(formatUsd)).toEqual(['$0', '$0.00004', '$0.0012', '$0.046', '$12.35']);
    // One qualifier at most: a tiny estimate reads "≈$0.00004", never "≈<$0.0001".
    expect([0.0000432, 0.000099, 0.0000000004].map(formatUsd)).toEqual(['$0.00004', '$0.0001', '$0.0000000004']);
  });

  it('marks a total that adds up an estimated reply, and only a priced one', () => {
    const total = totalCost([
      { usage: { inputTokens: 1_000_000, outputTokens: 0 }, pricing: gpt4o },
      { usage: { inputTokens: 400_000, outputTokens: 0 }, pricing: gpt4o, estimate: true },
    ]);
    expect(total.estimated).toBe(true);
    expect(describeTotal(total)).toBe('≈$3.50');
    const unpriced = totalCost([{ usage: { inputTokens: 10, outputTokens: 10 }, pricing: null, estimate: true }]);
    expect(describeTotal(unpriced)).toBe('no price');
  });
});
