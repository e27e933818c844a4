/**
 * The one tie rule of Sluice's figures: the race's bars and verdict, and the diff's
 * figures table, call the same differences a tie, so no page names a winner another calls
 * even.
 *
 * How close two figures may be and still be a tie: within `relative` of the best (5 %),
 * or within `absolute` of it in the figure's own unit (20 ms for a time). A race on a
 * shared machine or network differs by that much from one run to the next, so a
 * "fastest" inside it would name a winner by chance.
 */
export interface Noise {
  relative: number;
  absolute?: number;
}

export const TIME_NOISE: Noise = { relative: 0.05, absolute: 20 };
export const RATE_NOISE: Noise = { relative: 0.05 };
/** Two panes at the same prices differ in cost per output token only by their replies' lengths (the input's share). */
export const COST_NOISE: Noise = { relative: 0.05 };

/**
 * The best of the panes' figures: none (fewer than two to compare), one winner, some
 * tied for best, or every one of them within the noise of the best (no winner at all).
 * `best` holds the indexes to mark: the winner, or the tied; empty when all are tied.
 */
export interface Outcome {
  kind: 'none' | 'winner' | 'tie' | 'all-tied';
  best: number[];
}

export function raceWinners(values: readonly (number | undefined)[], better: 'low' | 'high', noise: Noise): Outcome {
  const valued = values.flatMap((v, i) => (v === undefined || !Number.isFinite(v) ? [] : [{ v, i }]));
  if (valued.length < 2) return { kind: 'none', best: [] };
  const top = better === 'low' ? Math.min(...valued.map((x) => x.v)) : Math.max(...valued.map((x) => x.v));
  const margin = Math.max(Math.abs(top) * noise.relative, noise.absolute ?? 0);
  const best = valued.filter((x) => Math.abs(x.v - top) <= margin).map((x) => x.i);
  if (best.length === valued.length) return { kind: 'all-tied', best: [] };
  return { kind: best.length === 1 ? 'winner' : 'tie', best };
}

/** Of two figures, the better side ('a' or 'b'); 'tie' when they are within the noise of each other. */
export function betterOfTwo(a: number, b: number, better: 'low' | 'high', noise: Noise): 'a' | 'b' | 'tie' {
  const { kind, best } = raceWinners([a, b], better, noise);
  return kind === 'winner' ? (best[0] === 0 ? 'a' : 'b') : 'tie';
}
