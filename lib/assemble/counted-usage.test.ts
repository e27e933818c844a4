import { describe, expect, it } from 'vitest';
import { countedUsage } from './counted-usage';

describe('countedUsage', () => {
  // Anthropic's message_start reports 1 output token until its message_delta.
  const firstWord = { inputTokens: 41, outputTokens: 1, totalTokens: 42 };

  it('while a reply streams, counts its token events as a floor under the usage said so far, and says it is an estimate', () => {
    expect(countedUsage({ status: 'streaming', usage: firstWord }, 250)).toEqual({
      usage: { inputTokens: 41, outputTokens: 250, totalTokens: 291 },
      estimate: true,
    });
    expect(countedUsage({ status: 'streaming', usage: { inputTokens: 41, outputTokens: 900 } }, 250)).toEqual({
      usage: { inputTokens: 41, outputTokens: 900 },
      estimate: true,
    });
  });

  it('a reply that ended without its final usage (stopped, cut short, failed) keeps the floor, marked an estimate', () => {
    for (const status of ['stopped', 'truncated', 'error'] as const) {
      expect(countedUsage({ status, usage: firstWord }, 120)).toEqual({
        usage: { inputTokens: 41, outputTokens: 120, totalTokens: 161 },
        estimate: true,
      });
      // The upstream said more than the events show: its word stands, and it is not an estimate.
      expect(countedUsage({ status, usage: { inputTokens: 41, outputTokens: 300 } }, 120)).toEqual({
        usage: { inputTokens: 41, outputTokens: 300 },
        estimate: false,
      });
    }
  });

  it('a complete reply shows the upstream’s usage as it is; without usage, none', () => {
    const ended = { inputTokens: 41, outputTokens: 1002 };
    expect(countedUsage({ status: 'complete', usage: ended }, 1100)).toEqual({ usage: ended, estimate: false });
    expect(countedUsage({ status: 'streaming' }, 10)).toEqual({ usage: undefined, estimate: false });
    expect(countedUsage({ status: 'stopped' }, 10)).toEqual({ usage: undefined, estimate: false });
  });
});
