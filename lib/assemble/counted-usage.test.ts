import { describe, expect, it } from 'vitest';
import { countedUsage, textTokens } from './counted-usage';

describe('countedUsage', () => {
  // Anthropic's message_start reports 1 output token until its message_delta.
  const firstWord = { inputTokens: 41, outputTokens: 1, totalTokens: 42 };

  it('while a reply streams, counts its token events as a floor under the usage said so far, and says it is an estimate', () => {
    expect(countedUsage({ status: 'streaming', usage: firstWord }, 250)).toEqual({
      usage: { inputTokens: 41, outputTokens: 250, totalTokens: 291 },
      estimate: true,
      inputEstimated: false,
    });
    expect(countedUsage({ status: 'streaming', usage: { inputTokens: 41, outputTokens: 900 } }, 250)).toEqual({
      usage: { inputTokens: 41, outputTokens: 900 },
      estimate: true,
      inputEstimated: false,
    });
  });

  it('a reply that ended without its final usage (stopped, cut short, failed) keeps the floor, marked an estimate', () => {
    for (const status of ['stopped', 'truncated', 'error'] as const) {
      expect(countedUsage({ status, usage: firstWord }, 120)).toEqual({
        usage: { inputTokens: 41, outputTokens: 120, totalTokens: 161 },
        estimate: true,
        inputEstimated: false,
      });
      // The upstream said more than the events show: its word stands, and it is not an estimate.
      expect(countedUsage({ status, usage: { inputTokens: 41, outputTokens: 300 } }, 120)).toEqual({
        usage: { inputTokens: 41, outputTokens: 300 },
        estimate: false,
        inputEstimated: false,
      });
    }
  });

  it('a reply that never got any usage (an OpenAI-style stream says it only in its last chunk) counts its token events and the estimated prompt', () => {
    for (const status of ['streaming', 'stopped', 'truncated', 'error'] as const) {
      expect(countedUsage({ status, inputTokensEstimate: 250_000 }, 120)).toEqual({
        usage: { inputTokens: 250_000, outputTokens: 120 },
        estimate: true,
        inputEstimated: true,
      });
      // Stopped before any token: the prompt still cost something.
      expect(countedUsage({ status, inputTokensEstimate: 250_000 }, 0)).toEqual({
        usage: { inputTokens: 250_000, outputTokens: 0 },
        estimate: true,
        inputEstimated: true,
      });
      // Without the BFF's estimate (a stream saved before it was sent): the output alone.
      expect(countedUsage({ status }, 10)).toEqual({ usage: { outputTokens: 10 }, estimate: true, inputEstimated: false });
    }
    // The upstream said its input: the estimate is not used.
    expect(countedUsage({ status: 'stopped', usage: firstWord, inputTokensEstimate: 9 }, 1).usage?.inputTokens).toBe(41);
  });

  it('a complete reply shows the upstream’s usage as it is; with nothing to count, none', () => {
    const ended = { inputTokens: 41, outputTokens: 1002 };
    expect(countedUsage({ status: 'complete', usage: ended, inputTokensEstimate: 5 }, 1100)).toEqual({
      usage: ended,
      estimate: false,
      inputEstimated: false,
    });
    expect(countedUsage({ status: 'streaming' }, 0)).toEqual({ usage: undefined, estimate: false, inputEstimated: false });
    expect(countedUsage({ status: 'stopped' }, 0)).toEqual({ usage: undefined, estimate: false, inputEstimated: false });
  });

  it('estimates a text’s tokens at about four characters each, never none', () => {
    expect(textTokens('x'.repeat(1_000_000))).toBe(250_000);
    expect(textTokens('')).toBe(1);
  });
});
