import { describe, expect, it } from 'vitest';
import type { ReplySummary } from '@/lib/assemble/reply-summary';
import { figureDeltas } from './figure-deltas';

const summary = (more: Partial<ReplySummary>): ReplySummary => ({
  kind: 'reply',
  provider: 'sim',
  model: 'sim-markdown',
  status: 'complete',
  clock: 'server',
  pricing: null,
  cost: null,
  ...more,
});

describe('figureDeltas', () => {
  it('gives B − A for each figure and says which side is better', () => {
    const a = summary({
      ttftMs: 250,
      totalMs: 1200,
      speed: { tokensPerSecond: 80, from: 'usage' },
      usage: { inputTokens: 12, outputTokens: 40 },
    });
    const b = summary({
      ttftMs: 1450,
      totalMs: 3000,
      speed: { tokensPerSecond: 95.5, from: 'usage' },
      usage: { inputTokens: 12, outputTokens: 44 },
    });
    const rows = figureDeltas(a, b, ['stop', 'length']);
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r]));
    expect(byLabel['Time to first token']).toEqual({
      label: 'Time to first token',
      a: '250 ms',
      b: '1.45 s',
      delta: '+1.20 s',
      better: 'a',
    });
    expect(byLabel['Tokens per second']).toMatchObject({ a: '80.0 tok/s', b: '95.5 tok/s', delta: '+15.5 tok/s', better: 'b' });
    expect(byLabel['Total time']).toMatchObject({ delta: '+1.80 s', better: 'a' });
    expect(byLabel['Tokens in']).toEqual({ label: 'Tokens in', a: '12', b: '12', delta: '0' });
    expect(byLabel['Tokens out']).toEqual({ label: 'Tokens out', a: '40', b: '44', delta: '+4' });
    expect(byLabel['Finish reason']).toEqual({ label: 'Finish reason', a: 'stop', b: 'length', delta: 'differs' });
    expect(byLabel['Cost']).toMatchObject({ a: 'no price', b: 'no price', delta: '' });
  });

  it('calls a difference within the race’s noise a tie, as the race does (5 %, or 20 ms for a time)', () => {
    const a = summary({ ttftMs: 100, totalMs: 1000, speed: { tokensPerSecond: 50, from: 'usage' } });
    const b = summary({ ttftMs: 97, totalMs: 996, speed: { tokensPerSecond: 51, from: 'usage' } });
    const byLabel = Object.fromEntries(figureDeltas(a, b, ['stop', 'stop']).map((r) => [r.label, r]));
    expect(byLabel['Time to first token']).toEqual({
      label: 'Time to first token',
      a: '100 ms',
      b: '97 ms',
      delta: '−3 ms',
      tie: true,
    });
    expect(byLabel['Total time']).toMatchObject({ delta: '−4 ms', tie: true });
    expect(byLabel['Total time']!.better).toBeUndefined();
    expect(byLabel['Tokens per second']).toMatchObject({ tie: true });
  });

  it("two providers' words for one ending are the same finish, not a difference", () => {
    const finish = (raw: [string, string], kinds: [string, string]) =>
      figureDeltas(summary({}), summary({}), raw, kinds).find((r) => r.label === 'Finish reason');
    expect(finish(['stop', 'end_turn'], ['stop', 'stop'])).toEqual({
      label: 'Finish reason',
      a: 'stop',
      b: 'end_turn',
      delta: 'same (both stop)',
    });
    expect(finish(['STOP', 'stop'], ['stop', 'stop'])?.delta).toBe('same (both stop)');
    expect(finish(['stop', 'max_tokens'], ['stop', 'length'])?.delta).toBe('differs');
  });

  it('a cheaper B is better, an estimated count is marked, a missing figure has no delta', () => {
    const price = (usd: number) => ({ usd, input: 0, cachedInput: 0, cacheWrite: 0, output: usd });
    const a = summary({ cost: price(0.002), usage: { outputTokens: 10 }, usageEstimated: true });
    const b = summary({ cost: price(0.0015), usage: { outputTokens: 8 }, ttftMs: 90 });
    const rows = figureDeltas(a, b, [undefined, 'stop']);
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r]));
    expect(byLabel['Cost']).toMatchObject({ a: '≈$0.0020', b: '$0.0015', better: 'b' });
    expect(byLabel['Cost']!.delta).toMatch(/^−\$0\.0005/);
    expect(byLabel['Tokens out']).toMatchObject({ a: '≈10', b: '8', delta: '−2' });
    expect(byLabel['Time to first token']).toEqual({ label: 'Time to first token', a: '—', b: '90 ms', delta: '' });
    expect(byLabel['Finish reason']!.delta).toBe('');
  });
});
