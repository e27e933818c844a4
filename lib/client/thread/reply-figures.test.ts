import { describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import { outputRate } from './reply-figures';

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
