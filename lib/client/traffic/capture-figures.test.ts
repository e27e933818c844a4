import { describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import type { CaptureSummary } from '@/lib/api/captures';
import { arrivedSince, newCapturesText } from './announce';
import { captureCells, captureFigureList } from './capture-figures';

const done: CaptureSummary = {
  id: 'a',
  provider: 'sim-openai',
  method: 'POST',
  path: '/chat/completions',
  model: 'sim-markdown',
  status: 'complete',
  httpStatus: 200,
  startedAt: '2026-01-01T00:00:00.000Z',
  sse: true,
  timings: { firstByte: 12.4, firstToken: 240.2, lastToken: 1240.2, end: 1250 },
  usage: { inputTokens: 12, outputTokens: 500 },
  cost: { usd: 0.00125, input: 0.00005, cachedInput: 0, cacheWrite: 0, output: 0.0012 },
};

describe('a capture’s figures', () => {
  it('in the list: time to first token, duration, tokens and cost', () => {
    expect(captureCells(done)).toEqual({
      ttft: '240 ms',
      duration: '1.25 s',
      tokensIn: '12',
      tokensOut: '500',
      cost: '$0.0013',
    });
  });

  it('marks counted figures ≈, says when a model has no price, and leaves out what is not known', () => {
    expect(captureCells({ ...done, usageEstimated: true, cost: null })).toMatchObject({ tokensIn: '≈12', cost: 'no price' });
    expect(captureCells({ ...done, status: 'streaming', timings: { firstByte: 3 }, usage: undefined, cost: undefined })).toEqual(
      {},
    );
  });

  it('on its page: the first byte and the speed too, from the first token to the last', () => {
    const reply = { ...emptyMessage('complete'), finishReason: 'stop' as const, rawFinishReason: 'stop' };
    expect(captureFigureList(done, reply)).toEqual([
      ['HTTP status', '200'],
      ['First byte', '12 ms'],
      ['Time to first token', '240 ms'],
      ['Duration', '1.25 s'],
      ['Speed', '500.0 tok/s'],
      ['Tokens in', '12'],
      ['Tokens out', '500'],
      ['Cost', '$0.0013'],
      ['Finish', 'stop'],
    ]);
  });

  it('is announced one by one, or counted in a burst', () => {
    expect(newCapturesText([done])).toBe('New capture: POST /chat/completions, sim-markdown');
    expect(newCapturesText([done, done, done])).toBe('3 new captures');
    expect(newCapturesText([])).toBe('');
  });

  it('announces the captures that arrived above the newest seen, not older pages read as the reader scrolls', () => {
    const at = (id: string, second: number) => ({
      ...done,
      id,
      startedAt: `2026-11-28T10:00:${String(second).padStart(2, '0')}.000Z`,
    });
    const seen = at('c', 30);
    const older = [at('b', 20), at('a', 10)];
    expect(arrivedSince([seen, ...older], seen)).toEqual([]);
    const fresh = [at('e', 40), at('d', 30)];
    expect(arrivedSince([...fresh, seen, ...older], seen).map((c) => c.id)).toEqual(['e', 'd']);
  });
});
