import type { AlignedSteps, DivergenceKind, RunDetail, RunDiff, RunFigureDeltas } from '@/lib/api/runs';
import { alignSequences } from './align-sequences';
import { runSummary } from './run-summary';
import { divergenceWords, stepDivergence, stepFacts, type StepFacts } from './step-divergence';

/**
 * The diff of two runs of one task: their steps lined up, where they first part, and B − A
 * for their figures.
 *
 * Steps are lined up lane by lane. The main lines (lane 0), in step order, by the longest
 * common subsequence of the steps' shapes (model and tool names, in order), so a run that
 * took one extra step lines up again after it; steps between two such pairs are paired by
 * position, and the surplus with null (alignSequences). Then each subagent branch of A
 * (a lane > 0, in the order it began) is lined up with the first unused branch of B that
 * hangs off the step A's parent step was paired with; branches left over on either side
 * are then paired in the order they began, and a branch with no partner pairs with null.
 *
 * The pairs are listed in the order of A's step numbers, so a subagent's steps sit among
 * the main line's where they happened; a step only B has goes just after the pair of the
 * B step before it. `firstDivergence` is the first pair in that order that is not the same,
 * and every pair from it on is `downstream`.
 */
export function diffRuns(a: RunDetail, b: RunDetail): RunDiff {
  const pairs = inStepOrder(alignRuns(a.steps.map(stepFacts), b.steps.map(stepFacts)));
  const kinds = pairs.map((pair): DivergenceKind | null => (pair.a && pair.b ? stepDivergence(pair.a, pair.b) : 'length'));
  const first = kinds.findIndex((kind) => kind !== null);
  const steps = pairs.map((pair, i): AlignedSteps => ({
    a: pair.a?.step ?? null,
    b: pair.b?.step ?? null,
    same: kinds[i] === null,
    downstream: first >= 0 && i >= first,
  }));
  const parted = pairs[first];
  const kind = kinds[first];
  const firstDivergence =
    parted && kind ? { step: (parted.a ?? parted.b)?.step.step ?? 0, kind, ...divergenceWords(kind, parted.a, parted.b) } : null;
  return { a: runSummary(a), b: runSummary(b), firstDivergence, steps, figures: figureDeltas(a, b) };
}

interface Pair {
  a: StepFacts | null;
  b: StepFacts | null;
}

/** A lane of a run: its steps in order, and the step it hangs off (its first step's parent). */
interface Branch {
  parent: number | null;
  steps: StepFacts[];
}

/** A run's lanes, each in step order, the lanes in the order they began. */
function lanesOf(steps: StepFacts[]): { main: StepFacts[]; branches: Branch[] } {
  const lanes = new Map<number, StepFacts[]>();
  for (const facts of [...steps].sort((x, y) => x.step.step - y.step.step)) {
    const lane = lanes.get(facts.step.lane);
    if (lane) lane.push(facts);
    else lanes.set(facts.step.lane, [facts]);
  }
  const branches = [...lanes]
    .filter(([lane]) => lane !== 0)
    .map(([, laneSteps]) => ({ parent: laneSteps[0]?.step.parent ?? null, steps: laneSteps }))
    .sort((x, y) => (x.steps[0]?.step.step ?? 0) - (y.steps[0]?.step.step ?? 0));
  return { main: lanes.get(0) ?? [], branches };
}

function alignRuns(stepsA: StepFacts[], stepsB: StepFacts[]): Pair[] {
  const pairs: Pair[] = [];
  /** A's step number → the B step it was paired with (null: none), for the branches hanging off it. */
  const partner = new Map<number, number | null>();
  const alignLine = (lineA: StepFacts[], lineB: StepFacts[]) => {
    const indices = alignSequences(
      lineA,
      lineB,
      (facts) => facts.shape,
      (x, y) => stepDivergence(x, y) === null,
    );
    for (const [i, j] of indices) {
      const pair = { a: i === null ? null : (lineA[i] ?? null), b: j === null ? null : (lineB[j] ?? null) };
      pairs.push(pair);
      if (pair.a) partner.set(pair.a.step.step, pair.b?.step.step ?? null);
    }
  };

  const runA = lanesOf(stepsA);
  const runB = lanesOf(stepsB);
  alignLine(runA.main, runB.main);
  // A's branches in the order they began, so a nested branch's parent is paired before it.
  const used = new Set<Branch>();
  const leftA: Branch[] = [];
  for (const branch of runA.branches) {
    const there = branch.parent === null ? null : (partner.get(branch.parent) ?? null);
    const match = there === null ? undefined : runB.branches.find((other) => !used.has(other) && other.parent === there);
    if (match) {
      used.add(match);
      alignLine(branch.steps, match.steps);
    } else leftA.push(branch);
  }
  const leftB = runB.branches.filter((branch) => !used.has(branch));
  for (let k = 0; k < Math.max(leftA.length, leftB.length); k++) alignLine(leftA[k]?.steps ?? [], leftB[k]?.steps ?? []);
  return pairs;
}

/**
 * The pairs in the order of A's step numbers; a pair with no A step goes just after the
 * pair of the B step before it (several such, in B's order), so a step B inserted sits
 * where it happened in B even when B's numbers have drifted from A's.
 */
function inStepOrder(pairs: Pair[]): Pair[] {
  const place = new Map<Pair, number>();
  let before = 0;
  for (const pair of pairs.filter((p) => p.b).sort((x, y) => (x.b?.step.step ?? 0) - (y.b?.step.step ?? 0))) {
    if (pair.a) before = pair.a.step.step;
    else place.set(pair, before + 0.5);
  }
  for (const pair of pairs) if (pair.a) place.set(pair, pair.a.step.step);
  const key = (pair: Pair) => place.get(pair) ?? 0;
  return [...pairs].sort((x, y) => key(x) - key(y) || (x.b?.step.step ?? 0) - (y.b?.step.step ?? 0));
}

/** B − A; null when either is unknown. */
const delta = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);

/** ms from a run's start to the end of its last request; null while one is in flight (or a time does not parse). */
function duration(run: RunDetail): number | null {
  if (run.endedAt === undefined) return null;
  const ms = Date.parse(run.endedAt) - Date.parse(run.startedAt);
  return Number.isFinite(ms) ? ms : null;
}

function figureDeltas(a: RunDetail, b: RunDetail): RunFigureDeltas {
  return {
    requests: b.requests - a.requests,
    input: b.usage.input - a.usage.input,
    output: b.usage.output - a.usage.output,
    cacheRead: b.usage.cacheRead - a.usage.cacheRead,
    cacheWrite: b.usage.cacheWrite - a.usage.cacheWrite,
    hitRate: delta(a.cache.hitRate, b.cache.hitRate),
    cost: delta(a.cost, b.cost),
    duration: delta(duration(a), duration(b)),
  };
}
