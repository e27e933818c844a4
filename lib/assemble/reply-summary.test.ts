import { describe, expect, it } from 'vitest';
import { emptyMessage } from './message';
import { outputRate, replySummary } from './reply-summary';

describe('outputRate', () => {
  const reply = { ...emptyMessage('error'), usage: { outputTokens: 100 } };

  it('runs from the first token to the last, not through a silence before the end (a stall, a lost server)', () => {
    expect(outputRate(reply, { firstToken: 1000, lastToken: 3000, end: 9000 })).toEqual({ rate: 50, from: 'usage' });
    expect(outputRate({ ...reply, usage: undefined }, { firstToken: 1000, lastToken: 3000, end: 9000, tokenEvents: 40 })).toEqual(
      { rate: 20, from: 'counted' },
    );
  });

  it('runs to the end for a reply stored without its last token, or of one token; none before the end', () => {
    expect(outputRate(reply, { firstToken: 1000, end: 3000 })).toEqual({ rate: 50, from: 'usage' });
    expect(outputRate(reply, { firstToken: 1000, lastToken: 1000, end: 2000 })).toEqual({ rate: 100, from: 'usage' });
    expect(outputRate(reply, { firstToken: 1000, lastToken: 3000 })).toBeUndefined();
  });

  it('of a stopped reply that never got its final usage, counts the tokens that streamed, not the upstream’s first word', () => {
    const stopped = { ...emptyMessage('stopped'), usage: { inputTokens: 41, outputTokens: 1 } };
    expect(outputRate(stopped, { firstToken: 1000, lastToken: 3000, end: 3100, tokenEvents: 120 })).toEqual({
      rate: 60,
      from: 'usage',
    });
  });
});

describe('replySummary', () => {
  const reply = { ...emptyMessage('complete'), usage: { inputTokens: 12, outputTokens: 40 } };
  const pricing = { input: 1, output: 2, source: 'config' as const };

  it('gives a stored reply’s figures on the server’s clock, with its speed and cost', () => {
    const figures = { firstToken: 120, firstAnswer: 150, lastToken: 1020, end: 1020, settled: true };
    expect(replySummary({ provider: 'p', model: 'm', reply, figures, pricing })).toEqual({
      kind: 'reply',
      provider: 'p',
      model: 'm',
      status: 'complete',
      clock: 'server',
      ttftMs: 120,
      firstAnswerMs: 150,
      totalMs: 1020,
      speed: { tokensPerSecond: 44.4, from: 'usage' },
      usage: { inputTokens: 12, outputTokens: 40 },
      pricing,
      cost: { usd: expect.closeTo(0.000092, 12), input: 0.000012, cachedInput: 0, cacheWrite: 0, output: 0.00008 },
    });
  });

  it('says the page’s estimate, an estimated usage, and no price as null', () => {
    const streamed = { ...emptyMessage('stopped'), usage: { inputTokens: 12, outputTokens: 1 } };
    const summary = replySummary({ provider: 'p', model: 'm', reply: streamed, figures: { firstToken: 100, tokenEvents: 30 } });
    expect(summary).toMatchObject({
      clock: 'page',
      usage: { outputTokens: 30 },
      usageEstimated: true,
      pricing: null,
      cost: null,
    });
  });
});
