/** One aligned pair of positions in two sequences; null on the side that has nothing there. */
export type AlignedIndices = [number | null, number | null];

/**
 * Past this many cells the table of the middle would cost more memory than a diff is worth
 * (4 MB at this bound); the middle is then paired by position, which still lines up two
 * runs that differ only in content, only not around an extra step.
 */
const MAX_CELLS = 1_000_000;

/**
 * Lines up two sequences in order, so that an item one side has in addition does not shift
 * everything after it out of line: the longest common subsequence of their keys (items
 * of equal keys may be paired), and among the alignments as long, the one with the most
 * `alike` pairs, so an extra item of the same key as its neighbour is the one left over.
 * `alike` must imply equal keys.
 *
 * Items between two paired ones are paired by position (a changed step is compared with
 * the step it replaced rather than shown as one removed and one added); whichever side has
 * more there, its surplus pairs with null. The result covers every position of both
 * sequences once, in the order of each.
 */
export function alignSequences<T>(
  a: readonly T[],
  b: readonly T[],
  key: (item: T) => string,
  alike: (x: T, y: T) => boolean,
): AlignedIndices[] {
  const keysA = a.map(key);
  const keysB = b.map(key);
  const pairable = (i: number, j: number) => keysA[i] === keysB[j];
  const same = (i: number, j: number) => pairable(i, j) && alike(a[i] as T, b[j] as T);

  // A common start and end of alike items are paired as they are: some best alignment
  // pairs them, and the table is then only as big as the part between.
  let start = 0;
  while (start < a.length && start < b.length && same(start, start)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && same(endA - 1, endB - 1)) {
    endA--;
    endB--;
  }

  const out: AlignedIndices[] = [];
  for (let i = 0; i < start; i++) out.push([i, i]);
  let nextA = start;
  let nextB = start;
  const pairUpTo = (i: number, j: number) => {
    while (nextA < i && nextB < j) out.push([nextA++, nextB++]);
    while (nextA < i) out.push([nextA++, null]);
    while (nextB < j) out.push([null, nextB++]);
  };
  for (const [i, j] of middleMatches(start, endA, endB, pairable, same)) {
    pairUpTo(i, j);
    out.push([i, j]);
    nextA = i + 1;
    nextB = j + 1;
  }
  pairUpTo(endA, endB);
  for (let k = 0; endA + k < a.length; k++) out.push([endA + k, endB + k]);
  return out;
}

/**
 * The pairs of the best alignment of positions start..endA of A with start..endB of B: a
 * table from the end of how much each rest can still score, a pair scoring more than all
 * the `alike` bonuses together could (so length comes first), plus one when alike.
 */
function middleMatches(
  start: number,
  endA: number,
  endB: number,
  pairable: (i: number, j: number) => boolean,
  same: (i: number, j: number) => boolean,
): [number, number][] {
  const rows = endA - start;
  const columns = endB - start;
  if (rows === 0 || columns === 0 || (rows + 1) * (columns + 1) > MAX_CELLS) return [];
  const width = columns + 1;
  // At most min(rows, columns) pairs of at most `weight` + 1 each: under 2^32 at MAX_CELLS.
  const weight = Math.min(rows, columns) + 1;
  const score = new Uint32Array((rows + 1) * width);
  const at = (i: number, j: number) => score[i * width + j] ?? 0;
  const pairScore = (i: number, j: number) => weight + (same(start + i, start + j) ? 1 : 0);
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = columns - 1; j >= 0; j--) {
      let best = Math.max(at(i + 1, j), at(i, j + 1));
      if (pairable(start + i, start + j)) best = Math.max(best, at(i + 1, j + 1) + pairScore(i, j));
      score[i * width + j] = best;
    }
  }
  const matches: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < rows && j < columns) {
    if (pairable(start + i, start + j) && at(i, j) === at(i + 1, j + 1) + pairScore(i, j)) {
      matches.push([start + i, start + j]);
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) i++;
    else j++;
  }
  return matches;
}
