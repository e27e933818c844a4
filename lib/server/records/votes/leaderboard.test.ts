import { describe, expect, it } from 'vitest';
import { voteOn } from '@/tests/support/votes';
import { csvCell, leaderboardCsv, leaderboardFileName, leaderboardOf } from './leaderboard';
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
    for (const r of board.rows) {
      for (const n of [r.score, r.low, r.high]) expect(Math.round(n * 10) / 10).toBe(n);
      expect(r.low).toBeLessThanOrEqual(r.score);
      expect(r.score).toBeLessThanOrEqual(r.high);
    }
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
        { provider: 'p', model: 'a', wins: 2, losses: 0, ties: 0, votes: 2, score: 1090.3, low: 1000, high: 1200.5 },
        { provider: 'p', model: '=b', wins: 0, losses: 2, ties: 0, votes: 2, score: 909.7, low: 799.5, high: 1000 },
      ],
    });
    expect(csv).toBe(
      "rank,provider,model,score,low,high,wins,losses,ties,votes\r\n1,p,a,1090.3,1000,1200.5,2,0,0,2\r\n2,p,'=b,909.7,799.5,1000,0,2,0,2\r\n",
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
