import { describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import { liveProgress, progressText, STALL_MS } from './live-progress';

describe('liveProgress', () => {
  const streaming = emptyMessage('streaming');

  it('waits for the first token, whatever usage the upstream opened with (Anthropic’s message_start says 1 output token)', () => {
    const opened = { ...streaming, usage: { inputTokens: 40, outputTokens: 1 } };
    expect(liveProgress(opened, {}, 1234)).toEqual({ phase: 'waiting', elapsed: 1234 });
    expect(progressText(liveProgress(opened, {}, 1234))).toBe('waiting for the first token · 1.2 s');
  });

  it('streams at the rate from the first token to the last, counting streamed tokens over the upstream’s opening count', () => {
    const opened = { ...streaming, usage: { outputTokens: 1 } };
    const progress = liveProgress(opened, { firstToken: 1000, lastToken: 3000, tokenEvents: 101 }, 3100);
    expect(progress).toEqual({ phase: 'streaming', elapsed: 3100, rate: 50.5 });
    expect(progressText(progress)).toBe('elapsed 3.1 s · ≈51 tok/s');
  });

  it('after one token, runs the rate to now; without any count, says no rate', () => {
    expect(liveProgress(streaming, { firstToken: 1000, lastToken: 1000, tokenEvents: 1 }, 1500)).toEqual({
      phase: 'streaming',
      elapsed: 1500,
      rate: 2,
    });
    expect(progressText(liveProgress(streaming, { firstToken: 1000, lastToken: 1000 }, 1500))).toBe('elapsed 1.5 s');
  });

  it('stalls once no token came for STALL_MS, in whole seconds of silence', () => {
    const figures = { firstToken: 200, lastToken: 1000, tokenEvents: 20 };
    expect(liveProgress(streaming, figures, 1000 + STALL_MS - 1).phase).toBe('streaming');
    const stalled = liveProgress(streaming, figures, 1000 + 4900);
    expect(stalled).toEqual({ phase: 'stalled', elapsed: 5900, silent: 4900 });
    expect(progressText(stalled)).toBe('no data for 4 s · elapsed 5.9 s');
  });
});
