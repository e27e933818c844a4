import { describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import { outputRate, pricedReply, timesFinal } from './reply-figures';

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

describe('timesFinal', () => {
  const times = { firstToken: 300, lastToken: 900, end: 1000, tokenEvents: 60 };

  it('holds once the server’s figures came, whatever the reply', () => {
    expect(timesFinal(emptyMessage('stopped'), { ...times, settled: true })).toBe(true);
  });

  it('holds as soon as a reply ends with the upstream’s own usage, before the server’s figures', () => {
    expect(timesFinal({ ...emptyMessage('complete'), usage: { inputTokens: 40, outputTokens: 60 } }, times)).toBe(true);
  });

  it('not while it streams, nor for a reply that ended without its usage (its counts are estimated)', () => {
    expect(timesFinal({ ...emptyMessage('streaming'), usage: { inputTokens: 40, outputTokens: 1 } }, times)).toBe(false);
    expect(timesFinal({ ...emptyMessage('stopped'), usage: { inputTokens: 40, outputTokens: 1 } }, times)).toBe(false);
    expect(timesFinal(emptyMessage('stopped'), times)).toBe(false);
    expect(timesFinal({ ...emptyMessage('complete'), inputTokensEstimate: 40 }, times)).toBe(false);
  });
});

describe('pricedReply', () => {
  const pricing = { input: 3, output: 15, source: 'config' as const };
  const waiting = {
    id: 'r',
    role: 'assistant' as const,
    provider: 'sim-anthropic',
    model: 'sim-markdown',
    pricing,
    reply: { ...emptyMessage('streaming'), usage: { inputTokens: 40, outputTokens: 1 } },
    figures: {},
  };

  it('costs nothing while the reply waits for its first token (the upstream’s opening usage is no spending yet)', () => {
    expect(pricedReply(waiting).usage).toBeUndefined();
    expect(pricedReply({ ...waiting, figures: { firstToken: 300, tokenEvents: 3 } }).usage).toBeDefined();
  });
});
