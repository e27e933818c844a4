import { describe, expect, it } from 'vitest';
import { voteOn } from '@/tests/support/votes';
import { seededRandom } from '@/lib/seeded-random';
import { bradleyTerry, rate, tally, type ModelRating, type RatedVote } from './rating';

const times = (n: number, vote: RatedVote) => Array.from({ length: n }, () => vote);
const byModel = (ratings: ModelRating[]) => Object.fromEntries(ratings.map((r) => [r.model, r]));
const scores = (ratings: ModelRating[]) => Object.fromEntries(ratings.map((r) => [r.model, Math.round(r.score * 100) / 100]));

describe('rating votes', () => {
  /*
   * Worked by hand. Three models, two-pane votes:
   *   A vs B: A wins 2, B wins 1;  B vs C: B 2, C 1;  A vs C: A 4, C 1  (11 votes).
   * Bradley–Terry's maximum likelihood has, for each model i, its wins W_i equal to its
   * expected wins: W_i = Σ_j N_ij · p_i / (p_i + p_j). Try p = (4, 2, 1):
   *   A: 3·4/6 + 5·4/5 = 2 + 4 = 6 = 2 + 4 wins            ✓
   *   B: 3·2/6 + 3·2/3 = 1 + 2 = 3 = 1 + 2 wins            ✓
   *   C: 3·1/3 + 5·1/5 = 1 + 1 = 2 = 1 + 1 wins            ✓
   * so p ∝ (4, 2, 1). Normalized to a geometric mean of 1 (∛8 = 2): (2, 1, 0.5), and
   * the scores 1000 + 400·log10 p are 1000 ± 400·log10 2 = 1000 ± 120.41:
   *   A 1120.41, B 1000, C 879.59.
   */
  const worked = [
    ...times(2, voteOn(['p/A', 'p/B'], 'A')),
    ...times(1, voteOn(['p/A', 'p/B'], 'B')),
    ...times(2, voteOn(['p/B', 'p/C'], 'A')),
    ...times(1, voteOn(['p/B', 'p/C'], 'B')),
    ...times(4, voteOn(['p/A', 'p/C'], 'A')),
    ...times(1, voteOn(['p/A', 'p/C'], 'B')),
  ];

  it('fits the hand-worked example exactly without a prior', () => {
    const ratings = rate(worked, { prior: 0, resamples: 0 });
    expect(scores(ratings)).toEqual({ A: 1120.41, B: 1000, C: 879.59 });
    expect(ratings.map(({ model, wins, losses, ties, votes }) => [model, wins, losses, ties, votes])).toEqual([
      ['A', 6, 2, 0, 8],
      ['B', 3, 3, 0, 6],
      ['C', 2, 6, 0, 8],
    ]);
  });

  it('with the prior of one virtual tie per pair, draws the scores together, in the same order', () => {
    const s = scores(rate(worked, { resamples: 0 }));
    expect(s.A!).toBeGreaterThan(s.B!);
    expect(s.B!).toBeGreaterThan(s.C!);
    expect(s.A!).toBeLessThan(1120.41);
    expect(s.C!).toBeGreaterThan(879.59);
  });

  /*
   * Two models, prior 1: A's points are 10 wins + 0.5 of the virtual tie = 10.5, B's 0.5.
   * With two models the fit is p_A / p_B = W_A / W_B = 21, so p = (√21, 1/√21) and the
   * scores are 1000 ± 200·log10 21 = 1000 ± 264.44.
   */
  it('gives a model that always wins a finite score, through the prior', () => {
    const ratings = byModel(rate(times(10, voteOn(['p/A', 'p/B'], 'A'))));
    expect(ratings.A!.score).toBeCloseTo(1264.44, 2);
    expect(ratings.B!.score).toBeCloseTo(735.56, 2);
    expect(ratings.A).toMatchObject({ wins: 10, losses: 0, ties: 0, votes: 10 });
    // Every resample is the same ten votes: the interval is the score.
    expect(ratings.A!.low).toBeCloseTo(ratings.A!.score, 6);
    expect(ratings.A!.high).toBeCloseTo(ratings.A!.score, 6);
  });

  it('reads "best" of three as two wins, and a tie or both-bad of three as three ties', () => {
    const ratings = byModel(
      rate(
        [voteOn(['p/A', 'p/B', 'p/C'], 'B'), voteOn(['p/A', 'p/B', 'p/C'], 'tie'), voteOn(['p/A', 'p/B', 'p/C'], 'both-bad')],
        {
          resamples: 0,
        },
      ),
    );
    expect(ratings.B).toMatchObject({ wins: 2, losses: 0, ties: 4, votes: 3 });
    expect(ratings.A).toMatchObject({ wins: 0, losses: 1, ties: 4, votes: 3 });
    expect(ratings.C).toMatchObject({ wins: 0, losses: 1, ties: 4, votes: 3 });
    // A and C never met but through B and the ties: their scores are equal.
    expect(ratings.A!.score).toBeCloseTo(ratings.C!.score, 5);
  });

  it('tells one provider’s model from another’s of the same name', () => {
    const ratings = rate(times(3, voteOn(['openai/m', 'azure/m'], 'A')), { resamples: 0 });
    expect(ratings.map((r) => [r.provider, r.model, r.wins])).toEqual([
      ['openai', 'm', 3],
      ['azure', 'm', 0],
    ]);
  });

  it('rates nothing from no votes', () => {
    expect(rate([])).toEqual([]);
  });

  it('rates one model alone (two panes of it) at 1000, with no pairs', () => {
    expect(rate(times(3, voteOn(['p/A', 'p/A'], 'A')))).toEqual([
      { provider: 'p', model: 'A', wins: 0, losses: 0, ties: 0, votes: 3, score: 1000, low: 1000, high: 1000 },
    ]);
  });

  it('rates ties only at 1000 each, whatever the resample', () => {
    const ratings = rate([...times(3, voteOn(['p/A', 'p/B'], 'tie')), voteOn(['p/B', 'p/C'], 'both-bad')]);
    for (const r of ratings) {
      expect(r.score).toBeCloseTo(1000, 6);
      expect(r.low).toBeCloseTo(1000, 6);
      expect(r.high).toBeCloseTo(1000, 6);
    }
  });

  it('gives the same intervals for the same votes, holding the score, narrower with more votes', () => {
    const some = [...times(4, voteOn(['p/A', 'p/B'], 'A')), ...times(2, voteOn(['p/A', 'p/B'], 'B'))];
    const first = rate(some);
    expect(rate(some)).toEqual(first);
    for (const r of first) {
      expect(r.low).toBeLessThanOrEqual(r.score);
      expect(r.high).toBeGreaterThanOrEqual(r.score);
      expect(r.high - r.low).toBeGreaterThan(10);
    }
    const many = rate(Array.from({ length: 10 }, () => some).flat());
    expect(many[0]!.high - many[0]!.low).toBeLessThan((first[0]!.high - first[0]!.low) / 2);
  });

  it('ignores a vote whose winner names no pane, and keeps the others', () => {
    const stray: RatedVote = { verdict: { kind: 'best', label: 'Z' }, panes: voteOn(['p/A', 'p/B'], 'A').panes };
    expect(byModel(rate([stray, voteOn(['p/A', 'p/B'], 'A')], { resamples: 0 })).A).toMatchObject({ wins: 1, votes: 2 });
  });
});

describe('the pieces', () => {
  it('normalizes strengths to a geometric mean of 1', () => {
    const p = bradleyTerry(tally([[[0, 1, 1]], [[1, 2, 1]]], 3));
    expect(p.reduce((product, x) => product * x, 1)).toBeCloseTo(1, 9);
    expect(p[0]!).toBeGreaterThan(p[1]!);
    expect(p[1]!).toBeGreaterThan(p[2]!);
  });

  it('draws the same numbers from the same seed, in [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const drawn = Array.from({ length: 1000 }, () => a());
    expect(drawn).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...drawn)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...drawn)).toBeLessThan(1);
    expect(drawn.reduce((s, x) => s + x, 0) / drawn.length).toBeCloseTo(0.5, 1);
  });
});
