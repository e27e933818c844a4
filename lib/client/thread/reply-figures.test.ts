import { describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import { timesFinal } from '@/lib/figures/figure-items';
import { pricedReply } from './reply-figures';

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
