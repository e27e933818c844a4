import { describe, expect, it } from 'vitest';
import type { LeaderboardRow } from '@/lib/api/votes';
import { intervalBars, leaderboardSearch } from './leaderboard';

const row = (score: number, low: number | null, high: number | null): LeaderboardRow => ({
  rank: 1,
  provider: 'p',
  model: 'm',
  wins: 0,
  losses: 0,
  ties: 0,
  votes: 1,
  score,
  low,
  high,
});

describe('interval bars', () => {
  it('puts every row on one scale, padded at both ends', () => {
    const [a, b] = intervalBars([row(1100, 1000, 1200), row(900, 800, 1000)]);
    // 800–1200 padded by 5 points each side: 795–1205, 410 wide.
    expect(a!.left).toBeCloseTo((205 / 410) * 100, 6);
    expect(a!.width).toBeCloseTo((200 / 410) * 100, 6);
    expect(a!.score).toBeCloseTo((305 / 410) * 100, 6);
    expect(b!.left).toBeCloseTo((5 / 410) * 100, 6);
  });

  it('keeps a narrow board at least 100 points wide, and an empty interval visible', () => {
    const [only] = intervalBars([row(1000, 1000, 1000)]);
    expect(only).toEqual({ left: 50, width: 0.5, score: 50 });
    expect(intervalBars([])).toEqual([]);
  });

  it('draws no bar for a row with too few votes for an interval, and leaves it out of the scale', () => {
    const bars = intervalBars([row(1100, 1000, 1200), row(1400, null, null), row(900, 800, 1000)]);
    expect(bars[1]).toBeUndefined();
    expect(bars[0]!.left).toBeCloseTo((205 / 410) * 100, 6);
    expect(intervalBars([row(1000, null, null)])).toEqual([undefined]);
  });
});

describe('the filter in the address', () => {
  it('leaves out empty fields', () => {
    expect(leaderboardSearch({})).toBe('');
    expect(leaderboardSearch({ from: '2026-11-01', to: '', q: 'a b' })).toBe('?from=2026-11-01&q=a+b');
    expect(leaderboardSearch({ q: 'x' }, { format: 'csv' })).toBe('?q=x&format=csv');
  });
});
