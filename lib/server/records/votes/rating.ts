import 'server-only';
import type { LeaderboardRow, Verdict, VotePane } from '@/lib/api/votes';
import { seededRandom } from '@/lib/seeded-random';

/** What rating reads of a vote: its verdict and who raced (a StoredVote or a VoteOutcome). */
export interface RatedVote {
  verdict: Verdict;
  panes: Pick<VotePane, 'label' | 'provider' | 'model'>[];
}

/** One provider-model pair's record and its Bradley–Terry score: the leaderboard's row, its figures unrounded, before it is ranked. */
export type ModelRating = Omit<LeaderboardRow, 'rank' | 'low' | 'high'> & { low: number; high: number };

export interface RatingOptions {
  /**
   * Virtual ties each model plays against every other before any vote (1 by default):
   * without them a model that won every pair it played has no finite strength, and
   * models never compared, directly or through others, no common scale.
   */
  prior?: number;
  /** Bootstrap resamples (200 by default); 0: the interval is the score. */
  resamples?: number;
  /** The resamples' seed: the same votes give the same intervals. */
  seed?: number;
}

/** One pair of a vote: models `a` and `b` (indexes), and a's share of the point: 1 won, 0.5 tied, 0 lost. */
export type Pair = [a: number, b: number, aScore: number];

const keyOf = (pane: { provider: string; model: string }) => JSON.stringify([pane.provider, pane.model]);

/**
 * A vote's pairs. "best" of n panes: the winner beats each other pane, and the others'
 * order is unknown, so they make no pair. A tie or both-bad: a tie between every two
 * panes. Two panes of one model make no pair: a model is not rated against itself.
 */
function pairsOf(vote: RatedVote, index: (pane: RatedVote['panes'][number]) => number): Pair[] {
  const models = vote.panes.map(index);
  const pairs: Pair[] = [];
  if (vote.verdict.kind === 'best') {
    const label = vote.verdict.label;
    const winner = vote.panes.findIndex((p) => p.label === label);
    if (winner < 0) return [];
    for (const [i, model] of models.entries())
      if (i !== winner && model !== models[winner]) pairs.push([models[winner]!, model, 1]);
    return pairs;
  }
  for (let i = 0; i < models.length; i++)
    for (let j = i + 1; j < models.length; j++) if (models[i] !== models[j]) pairs.push([models[i]!, models[j]!, 0.5]);
  return pairs;
}

/** The votes' pairs added up: `won[i·n + j]`, i's points against j (a tie half a point each); `games[i·n + j]`, their pairs. */
export interface Tally {
  count: number;
  won: Float64Array;
  games: Float64Array;
}

/**
 * The pairs of these votes added up, each vote `times[v]` times (once each without), over
 * `prior` virtual ties between every two models.
 */
export function tally(pairsByVote: Pair[][], count: number, prior = 1, times?: Uint32Array): Tally {
  const won = new Float64Array(count * count);
  const games = new Float64Array(count * count);
  for (let i = 0; i < count; i++)
    for (let j = 0; j < count; j++)
      if (i !== j) {
        won[i * count + j] = prior / 2;
        games[i * count + j] = prior;
      }
  for (let v = 0; v < pairsByVote.length; v++) {
    const n = times ? times[v]! : 1;
    if (n === 0) continue;
    for (const [a, b, score] of pairsByVote[v]!) {
      won[a * count + b]! += n * score;
      won[b * count + a]! += n * (1 - score);
      games[a * count + b]! += n;
      games[b * count + a]! += n;
    }
  }
  return { count, won, games };
}

/**
 * Strengths normalized to a geometric mean of 1, fitted by minorization–maximization
 * (Hunter 2004), each model updated in turn from the others' latest strengths; `start`
 * (a nearby fit: the bootstrap starts from the votes' own) saves most iterations.
 */
export function bradleyTerry({ count, won, games }: Tally, start?: number[]): number[] {
  const points = new Float64Array(count);
  for (let i = 0; i < count; i++) for (let j = 0; j < count; j++) points[i]! += won[i * count + j]!;
  const strength = Float64Array.from(start ?? new Array<number>(count).fill(1));
  for (let iteration = 0; iteration < 10_000; iteration++) {
    let moved = 0;
    for (let i = 0; i < count; i++) {
      let denominator = 0;
      for (let j = 0; j < count; j++) {
        const n = games[i * count + j]!;
        if (n) denominator += n / (strength[i]! + strength[j]!);
      }
      // No games: nothing moves it. No points (possible only without a prior): as weak as a float says.
      const next = denominator === 0 ? strength[i]! : Math.max(points[i]! / denominator, 1e-300);
      moved = Math.max(moved, Math.abs(Math.log(next / strength[i]!)));
      strength[i] = next;
    }
    const mean = Math.exp(strength.reduce((sum, p) => sum + Math.log(p), 0) / count);
    for (let i = 0; i < count; i++) strength[i] = strength[i]! / mean;
    // 1e-9 in ln(strength) is 2e-7 score points.
    if (moved < 1e-9) break;
  }
  return [...strength];
}

export const scoreOf = (strength: number) => 1000 + 400 * Math.log10(strength);

/** The q-quantile of sorted values, interpolated between neighbours. */
function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/**
 * Each provider-model pair's wins, losses, ties and Bradley–Terry score from these
 * votes (the caller chooses which: the leaderboard rates blind ones), with a 95 %
 * interval from a bootstrap over the votes: each resample draws as many votes as there
 * are, with replacement, and is fitted again. In the order models first appear.
 */
export function rate(votes: RatedVote[], options: RatingOptions = {}): ModelRating[] {
  const { prior = 1, resamples = 200, seed = 38 } = options;
  const indexes = new Map<string, number>();
  const ratings: ModelRating[] = [];
  const index = (pane: RatedVote['panes'][number]) => {
    const key = keyOf(pane);
    let i = indexes.get(key);
    if (i === undefined) {
      i = ratings.length;
      indexes.set(key, i);
      ratings.push({
        provider: pane.provider,
        model: pane.model,
        wins: 0,
        losses: 0,
        ties: 0,
        votes: 0,
        score: 0,
        low: 0,
        high: 0,
      });
    }
    return i;
  };
  const pairsByVote = votes.map((vote) => {
    for (const model of new Set(vote.panes.map(index))) ratings[model]!.votes++;
    return pairsOf(vote, index);
  });
  for (const [a, b, score] of pairsByVote.flat()) {
    if (score === 0.5) {
      ratings[a]!.ties++;
      ratings[b]!.ties++;
    } else {
      ratings[score === 1 ? a : b]!.wins++;
      ratings[score === 1 ? b : a]!.losses++;
    }
  }
  if (ratings.length === 0) return [];
  const strengths = bradleyTerry(tally(pairsByVote, ratings.length, prior));
  const scores = strengths.map(scoreOf);
  const samples = ratings.map(() => [] as number[]);
  const random = seededRandom(seed);
  const times = new Uint32Array(votes.length);
  for (let r = 0; r < resamples; r++) {
    times.fill(0);
    for (let v = 0; v < votes.length; v++) times[Math.floor(random() * votes.length)]!++;
    const fitted = bradleyTerry(tally(pairsByVote, ratings.length, prior, times), strengths);
    fitted.forEach((strength, i) => samples[i]!.push(scoreOf(strength)));
  }
  return ratings.map((rating, i) => {
    const sorted = samples[i]!.sort((x, y) => x - y);
    const score = scores[i]!;
    // A percentile interval can miss its own estimate on lopsided data; the one shown never does.
    const low = sorted.length ? Math.min(score, quantile(sorted, 0.025)) : score;
    const high = sorted.length ? Math.max(score, quantile(sorted, 0.975)) : score;
    return { ...rating, score, low, high };
  });
}
