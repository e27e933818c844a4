import { describe, expect, it } from 'vitest';
import { voteOn } from '@/tests/support/votes';
import { csvCell, leaderboardCsv, leaderboardFileName, leaderboardOf, ranked } from './leaderboard';
import type { VoteOutcome } from '@/lib/server/store/vote-store';

const outcome = (vote: ReturnType<typeof voteOn>, n: number): VoteOutcome => ({
  id: `v${n}`,
  createdAt: new Date(0).toISOString(),
  verdict: vote.verdict,
  blind: vote.blind,
  panes: vote.panes.map(({ label, provider, model }) => ({ label, provider, model })),
});

describe('the leaderboard', () => {
  const votes = [
    voteOn(['p/weak', 'p/strong'], 'B'),
    voteOn(['p/weak', 'p/strong'], 'B'),
    voteOn(['p/mid', 'p/weak'], 'A'),
    voteOn(['p/mid', 'p/strong'], 'tie'),
    // Not blind: counted, not rated, though it says the weak one won.
    voteOn(['p/weak', 'p/strong'], 'A', { blind: false, nonBlindReason: 'Reply A names its model.' }),
  ].map(outcome);

  it('rates the blind votes only, best score first, to a tenth of a point', () => {
    const board = leaderboardOf(votes);
    expect(board.votes).toBe(4);
    expect(board.nonBlind).toBe(1);
    expect(board.rows.map((r) => [r.model, r.wins, r.losses, r.ties, r.votes])).toEqual([
      ['strong', 2, 0, 1, 3],
      ['mid', 1, 0, 1, 2],
      ['weak', 0, 3, 0, 3],
    ]);
    for (const r of board.rows) expect(Math.round(r.score * 10) / 10).toBe(r.score);
  });

  it('gives an interval only to a model with 5 votes or more: a bootstrap over fewer says nothing', () => {
    const five = [...Array(5)].map((_, i) => outcome(voteOn(['p/strong', 'p/weak'], i < 4 ? 'A' : 'tie'), i));
    const board = leaderboardOf([...five, outcome(voteOn(['p/strong', 'p/new'], 'A'), 9)]);
    const row = (model: string) => board.rows.find((r) => r.model === model)!;
    // Six votes and five: intervals, to a tenth, that hold the score and have a width.
    for (const r of [row('strong'), row('weak')]) {
      for (const n of [r.low!, r.high!]) expect(Math.round(n * 10) / 10).toBe(n);
      expect(r.low!).toBeLessThanOrEqual(r.score);
      expect(r.score).toBeLessThanOrEqual(r.high!);
      expect(r.high! - r.low!).toBeGreaterThan(10);
    }
    // One vote: none, where a bootstrap said "1127–1127".
    expect(row('new')).toMatchObject({ votes: 1, low: null, high: null });
    // After a single vote, nobody has an interval.
    const one = leaderboardOf([outcome(voteOn(['p/a', 'p/b', 'p/c'], 'A'), 0)]);
    expect(one.rows.map((r) => [r.low, r.high])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it('ranks models of one score alike: the two beaten by the winner of one vote share second place', () => {
    const one = leaderboardOf([outcome(voteOn(['p/a', 'p/b', 'p/c'], 'A'), 0)]);
    expect(one.rows.map((r) => [r.rank, r.model])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [2, 'c'],
    ]);
    expect(leaderboardOf(votes).rows.map((r) => r.rank)).toEqual([1, 2, 3]);
  });

  it('shares a rank to the whole point, as the page shows the score, and the next rank counts the rows above it', () => {
    const row = (score: number) => ({
      provider: 'p',
      model: String(score),
      wins: 0,
      losses: 0,
      ties: 0,
      votes: 1,
      score,
      low: null,
      high: null,
    });
    expect(ranked([row(1100), row(1000.4), row(999.6), row(990)]).map((r) => r.rank)).toEqual([1, 2, 2, 4]);
  });

  it('is empty with no votes, or with none blind', () => {
    expect(leaderboardOf([])).toEqual({ rows: [], votes: 0, nonBlind: 0 });
    expect(leaderboardOf(votes.slice(4))).toEqual({ rows: [], votes: 0, nonBlind: 1 });
  });
});

describe('the CSV', () => {
  it('quotes what needs quoting, and keeps what a spreadsheet would run as text', () => {
    expect(csvCell('gpt-4.1')).toBe('gpt-4.1');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell(-12.5)).toBe('-12.5');
  });

  it('writes a header and a ranked row per model, with CRLF line ends', () => {
    const csv = leaderboardCsv({
      votes: 2,
      nonBlind: 0,
      rows: [
        { rank: 1, provider: 'p', model: 'a', wins: 5, losses: 0, ties: 0, votes: 5, score: 1090.3, low: 1000, high: 1200.5 },
        { rank: 2, provider: 'p', model: '=b', wins: 0, losses: 1, ties: 0, votes: 1, score: 909.7, low: null, high: null },
        { rank: 2, provider: 'p', model: 'c', wins: 0, losses: 4, ties: 0, votes: 5, score: 909.7, low: 799.5, high: 1000 },
      ],
    });
    // The page's shared ranks; no interval where the page says "not enough votes yet".
    expect(csv).toBe(
      [
        'rank,provider,model,score,low,high,wins,losses,ties,votes',
        '1,p,a,1090.3,1000,1200.5,5,0,0,5',
        "2,p,'=b,909.7,,,0,1,0,1",
        '2,p,c,909.7,799.5,1000,0,4,0,5',
        '',
      ].join('\r\n'),
    );
    expect(leaderboardCsv({ rows: [], votes: 0, nonBlind: 0 })).toBe(
      'rank,provider,model,score,low,high,wins,losses,ties,votes\r\n',
    );
  });

  it('names the file by the filter’s days', () => {
    expect(leaderboardFileName({})).toBe('sluice-leaderboard.csv');
    expect(leaderboardFileName({ from: '2026-11-01', to: '2026-11-26' })).toBe('sluice-leaderboard-2026-11-01-to-2026-11-26.csv');
    expect(leaderboardFileName({ from: '2026-11-01' })).toBe('sluice-leaderboard-from-2026-11-01.csv');
    expect(leaderboardFileName({ to: '2026-11-26' })).toBe('sluice-leaderboard-to-2026-11-26.csv');
    expect(leaderboardFileName({ from: '"; evil' })).toBe('sluice-leaderboard.csv');
  });
});
