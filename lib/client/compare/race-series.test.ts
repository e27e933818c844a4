import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_POINTS, RaceSeries } from './race-series';

/** Reads at increasing times with non-decreasing token counts, as a stream gives them. */
const reads = fc
  .array(fc.record({ gap: fc.double({ min: 0.01, max: 200, noNaN: true }), more: fc.nat({ max: 3 }) }), {
    minLength: 1,
    maxLength: 5000,
  })
  .map((steps) => {
    let at = 0;
    let tokens = 0;
    return steps.map(({ gap, more }) => ({ at: (at += gap), tokens: (tokens += more) }));
  });

function seriesOf(points: { at: number; tokens: number }[]): RaceSeries {
  const series = new RaceSeries();
  for (const p of points) series.add(p.at, p.tokens);
  return series;
}

describe('a race series', () => {
  it('keeps one point per frame’s worth of time from a read per event', () => {
    const points = Array.from({ length: 1000 }, (_, i) => ({ at: 200 + i, tokens: i + 1 }));
    const series = seriesOf(points);
    expect(series.at.length).toBeLessThanOrEqual(2 + Math.ceil(1000 / 16) + 1);
    expect([series.at[1], series.tokens[1]]).toEqual([200, 1]);
    expect([series.at.at(-1), series.tokens.at(-1)]).toEqual([1199, 1000]);
    expect(series.rate()).toBeCloseTo(999 / 0.999);
  });

  it('holds at most its bound through a long race, its first token still exact', () => {
    const points = Array.from({ length: 100_000 }, (_, i) => ({ at: i * 2, tokens: i < 250 ? 0 : i - 249 }));
    const series = seriesOf(points);
    expect(series.at.length).toBeLessThanOrEqual(MAX_POINTS);
    expect(series.at.length).toBeGreaterThan(MAX_POINTS / 4);
    const first = series.tokens.findIndex((n) => n > 0);
    expect([series.at[first], series.tokens[first]]).toEqual([500, 1]);
    expect([series.at.at(-1), series.tokens.at(-1)]).toEqual([199_998, 99_750]);
  });

  it('is a subset of the reads, in order, with the start, the first token and the last read, whatever the reads', () => {
    fc.assert(
      fc.property(reads, (points) => {
        const series = seriesOf(points);
        expect(series.at.length).toBeLessThanOrEqual(MAX_POINTS);
        expect([series.at[0], series.tokens[0]]).toEqual([0, 0]);
        const given = new Map(points.map((p) => [p.at, p.tokens]));
        for (let i = 1; i < series.at.length; i++) {
          expect(given.get(series.at[i]!)).toBe(series.tokens[i]);
          expect(series.at[i]!).toBeGreaterThan(series.at[i - 1]!);
        }
        expect(series.at.at(-1)).toBe(points.at(-1)!.at);
        const firstRead = points.find((p) => p.tokens > 0);
        const firstKept = series.tokens.findIndex((n) => n > 0);
        if (firstRead) expect(series.at[firstKept]).toBe(firstRead.at);
        else expect(series.rate()).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});

describe('a race series settled by the reply’s own count', () => {
  it('ends at that count, its shape kept; without one it stays an estimate', () => {
    const series = seriesOf([
      { at: 100, tokens: 10 },
      { at: 200, tokens: 40 },
    ]);
    series.settle(undefined);
    expect([series.tokens, series.exact]).toEqual([[0, 10, 40], false]);
    series.settle(80);
    expect([series.tokens, series.exact]).toEqual([[0, 20, 80], true]);
    expect(series.end()).toEqual({ tokens: 80, at: 200 });
  });
});
