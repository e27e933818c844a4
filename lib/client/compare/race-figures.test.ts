import { describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import type { ModelPricing } from '@/lib/pricing/cost';
import { describeTotal, totalCost } from '@/lib/pricing/cost';
import { HIDDEN_PRICE, NO_PRICE, raceFigures } from './race-figures';
import { pricedReply } from '../thread/reply-figures';
import type { UiMessage } from '../thread/ui-message';

const prices: ModelPricing = { input: 2, output: 10, source: 'config' };

function reply(outputTokens: number | undefined, pricing: ModelPricing | null | undefined): UiMessage {
  return {
    id: 'r',
    role: 'assistant',
    provider: 'p',
    model: 'm',
    reply: { ...emptyMessage('complete'), usage: { inputTokens: 1000, outputTokens } },
    figures: { firstToken: 120, lastToken: 1120, end: 1200, tokenEvents: outputTokens },
    pricing,
  };
}

describe('a pane’s figures in the race', () => {
  it('hold back a blind pane’s cost until the vote, not call it "no price"', () => {
    // The server sends a blind reply without its prices (they would name the model).
    const blind = { ...reply(500, null), provider: 'blind', model: 'A' } as Extract<UiMessage, { role: 'assistant' }>;
    expect(raceFigures(blind)[2]).toBe(HIDDEN_PRICE);
    expect(pricedReply(blind).pricing).toBeUndefined();
    // The session's cost line leaves it out rather than say "no price".
    expect(describeTotal(totalCost([pricedReply(blind)]))).toBeUndefined();
    expect(raceFigures(reply(500, null))[2]).toBe(NO_PRICE);
  });

  it('price an output token with the input in it, per million', () => {
    // 1000 input tokens at $2/M and 500 output at $10/M: $0.007, over 500 output tokens.
    const [ttft, rate, cost] = raceFigures(reply(500, prices));
    expect(ttft).toBe(120);
    expect(rate).toBeCloseTo(500);
    expect(cost).toBeCloseTo(14);
  });

  it('rank a long reply of a cheap model below a short reply of a dear one, whatever their totals', () => {
    const cheapLong = raceFigures(reply(2000, { input: 0.5, output: 1.5, source: 'config' }))[2]!;
    const dearShort = raceFigures(reply(10, { input: 0.3, output: 2.5, source: 'config' }))[2]!;
    expect(cheapLong).toBeLessThan(dearShort);
  });

  it('say "no price" for a model without one, and nothing without output', () => {
    expect(raceFigures(reply(500, null))[2]).toBe(NO_PRICE);
    expect(raceFigures(reply(0, prices))[2]).toBeUndefined();
    expect(raceFigures({ id: 'u', role: 'user', content: 'hi' })).toEqual([]);
    expect(raceFigures(undefined)).toEqual([]);
  });
});

describe('a pane’s speed in the race', () => {
  it('is its speed so far while it streams, in whole tokens a second (the bars render again only when it changes)', () => {
    const streaming: UiMessage = {
      id: 'r',
      role: 'assistant',
      provider: 'p',
      model: 'm',
      reply: emptyMessage('streaming'),
      figures: { firstToken: 100, lastToken: 1100, tokenEvents: 601 },
    };
    expect(raceFigures(streaming)[1]).toBe(601);
    // Before a second token there is no time to measure a speed by.
    expect(raceFigures({ ...streaming, figures: { firstToken: 100, lastToken: 100, tokenEvents: 1 } })[1]).toBeUndefined();
  });
});
