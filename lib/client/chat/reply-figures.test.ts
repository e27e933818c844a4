import { describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import { outputRate, shownUsage } from './reply-figures';

describe('shownUsage', () => {
  it('while a reply streams, counts its token events as a floor under the usage said so far, and says it is an estimate', () => {
    // Anthropic's message_start reports 1 output token until its message_delta.
    const streaming = { ...emptyMessage('streaming'), usage: { inputTokens: 41, outputTokens: 1 } };
    expect(shownUsage(streaming, { tokenEvents: 250 })).toEqual({ usage: { inputTokens: 41, outputTokens: 250 }, estimate: true });
    expect(shownUsage({ ...streaming, usage: { inputTokens: 41, outputTokens: 900 } }, { tokenEvents: 250 })).toEqual({ usage: { inputTokens: 41, outputTokens: 900 }, estimate: true });
  });

  it('once it ended, shows the upstream’s usage as it is; without usage, none', () => {
    const ended = { ...emptyMessage('complete'), usage: { inputTokens: 41, outputTokens: 1002 } };
    expect(shownUsage(ended, { tokenEvents: 1000 })).toEqual({ usage: ended.usage, estimate: false });
    expect(shownUsage(emptyMessage('streaming'), { tokenEvents: 10 })).toEqual({ usage: undefined, estimate: false });
  });
});

describe('outputRate', () => {
  const reply = { ...emptyMessage('error'), usage: { outputTokens: 100 } };

  it('runs from the first token to the last, not through a silence before the end (a stall, a lost server)', () => {
    expect(outputRate(reply, { firstToken: 1000, lastToken: 3000, end: 9000 })).toEqual({ rate: 50, from: 'usage' });
    expect(outputRate({ ...reply, usage: undefined }, { firstToken: 1000, lastToken: 3000, end: 9000, tokenEvents: 40 })).toEqual({ rate: 20, from: 'counted' });
  });

  it('runs to the end for a reply stored without its last token, or of one token; none before the end', () => {
    expect(outputRate(reply, { firstToken: 1000, end: 3000 })).toEqual({ rate: 50, from: 'usage' });
    expect(outputRate(reply, { firstToken: 1000, lastToken: 1000, end: 2000 })).toEqual({ rate: 100, from: 'usage' });
    expect(outputRate(reply, { firstToken: 1000, lastToken: 3000 })).toBeUndefined();
  });
});
