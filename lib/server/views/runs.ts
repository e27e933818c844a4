import 'server-only';
import type { CaptureDetail, CaptureSummary } from '@/lib/api/captures';
import type { CacheBreak, ContextComposition, RunDetail, RunDiff, RunPage, RunStep, RunSummary } from '@/lib/api/runs';
import { diffRuns } from '@/lib/runs/run-diff';
import { stepFailed } from '@/lib/runs/step-failed';
import { runNotFound } from './run-requests';
import type { Json } from '@/lib/protocols/json';
import { findProvider } from '@/lib/providers/config';
import { cacheBreak } from '@/lib/runs/cache-break';
import { cacheFigures, cacheSavings, runUsage, sumCache } from '@/lib/runs/cache';
import { emptyComposition, scaleComposition } from '@/lib/runs/composition';
import { pricingFor } from '@/lib/server/platform/pricing';
import { store } from '@/lib/server/store';
import { capturesHar, type Har } from './har';
import type { RunListRow, RunRow, RunStepRow } from '@/lib/server/store/run-store';

/** The reply's text a step keeps for the diff of two runs: enough to tell them apart. */
const STEP_TEXT_CHARS = 2000;

const endOf = (s: CaptureSummary) => (s.timings.end === undefined ? undefined : new Date(s.startedAt).getTime() + s.timings.end);

/** A run's summary from its row and its captures' summaries: its figures are theirs, added up. */
function summaryOf(row: RunRow, steps: CaptureSummary[]): RunSummary {
  const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  let cost: number | null = null;
  for (const step of steps) {
    const each = runUsage(step.usage);
    usage.input += each.input;
    usage.output += each.output;
    usage.cacheRead += each.cacheRead;
    usage.cacheWrite += each.cacheWrite;
    if (step.cost) cost = (cost ?? 0) + step.cost.usd;
  }
  const streaming = steps.some((s) => s.status === 'streaming');
  const failed = steps.some(stepFailed);
  const ends = steps.map(endOf).filter((end): end is number => end !== undefined);
  return {
    ...row,
    ...(steps[0] ? { startedAt: steps[0].startedAt } : {}),
    ...(!streaming && ends.length ? { endedAt: new Date(Math.max(...ends)).toISOString() } : {}),
    requests: steps.length,
    status: streaming ? 'streaming' : failed ? 'error' : 'complete',
    usage,
    cache: { hitRate: sumCache(steps.map((s) => cacheFigures(s.usage))).hitRate },
    cost,
  };
}

/** The owner's runs, newest first. */
export async function listRuns(owner: string, filter: { q?: string; before?: string; limit?: number }): Promise<RunPage> {
  const { runs, next } = await (await store()).runs.list(owner, filter);
  return { items: runs.map((run: RunListRow) => summaryOf(run, run.steps)), ...(next ? { next } : {}) };
}

/** The context as the provider counted it: the raw split scaled to its reported input, or the estimate where it reported none. */
function contextOf(row: RunStepRow): ContextComposition {
  const raw = row.context as ContextComposition | null;
  if (!raw) return emptyComposition();
  const { usage, usageEstimated } = row.summary;
  const reported = usage?.inputTokens !== undefined && !usageEstimated ? usage.inputTokens : undefined;
  return scaleComposition(raw, reported);
}

function stepOf(row: RunStepRow, step: number, stepOfCapture: Map<string, number>): RunStep {
  const s = row.summary;
  const reply = row.reply;
  return {
    step,
    captureId: s.id,
    parent: row.parent ? (stepOfCapture.get(row.parent) ?? null) : null,
    lane: s.run?.lane ?? 0,
    startedAt: s.startedAt,
    ...(s.model ? { model: s.model } : {}),
    ...(s.protocol ? { protocol: s.protocol } : {}),
    status: s.status,
    ...(s.httpStatus !== undefined ? { httpStatus: s.httpStatus } : {}),
    timings: s.timings,
    usage: runUsage(s.usage),
    usageEstimated: s.usage === undefined || s.usageEstimated === true,
    cache: cacheFigures(s.usage),
    context: contextOf(row),
    toolCalls: (reply?.toolCalls ?? []).map((call) => ({ name: call.name, arguments: call.argsText })),
    text: (reply?.text ?? '').slice(0, STEP_TEXT_CHARS),
    ...(s.error ? { error: s.error } : {}),
    cost: s.cost ? s.cost.usd : null,
  };
}

/** USD the cache saved over the run, where every step's model has prices; null where none has. */
function savingsOf(rows: RunStepRow[]): number | null {
  let total: number | null = null;
  for (const { summary } of rows) {
    const provider = findProvider(summary.provider);
    const pricing = provider && summary.model ? pricingFor(provider, summary.model) : undefined;
    const saved = cacheSavings(summary.usage, pricing);
    if (saved !== null) total = (total ?? 0) + saved;
  }
  return total;
}

/**
 * Where the cache broke: a step whose cache reads fell below the previous step's on its
 * lane, although the previous prompt should have been its prefix. Only those few steps'
 * bodies are read, so a run of 200 large requests opens without reading 30 MB.
 */
async function breaksOf(runId: string, steps: RunStep[]): Promise<CacheBreak[]> {
  const suspects: [RunStep, RunStep][] = [];
  const lastOnLane = new Map<number, RunStep>();
  for (const step of steps) {
    const previous = lastOnLane.get(step.lane);
    if (previous && step.protocol && step.protocol === previous.protocol && step.cache.reads < previous.cache.reads)
      suspects.push([previous, step]);
    lastOnLane.set(step.lane, step);
  }
  if (suspects.length === 0) return [];
  const bodies = await (
    await store()
  ).runs.bodies(
    runId,
    suspects.flatMap(([a, b]) => [a.captureId, b.captureId]),
  );
  const parse = (id: string): Json | undefined => {
    try {
      return JSON.parse(bodies.get(id) ?? '') as Json;
    } catch {
      return undefined;
    }
  };
  return suspects.flatMap(([previous, step]) => {
    const before = parse(previous.captureId);
    const now = parse(step.captureId);
    if (!before || !now) return [];
    const found = cacheBreak(
      { protocol: previous.protocol!, body: before, cache: previous.cache },
      { protocol: step.protocol!, body: now, cache: step.cache },
      step.step,
    );
    return found ? [found] : [];
  });
}

/** A run whole: its steps with their figures, its cache's health and breaks. */
export async function runDetail(id: string, owner: string): Promise<RunDetail | undefined> {
  const runs = (await store()).runs;
  const row = await runs.get(id, owner);
  if (!row) return undefined;
  const rows = await runs.steps(id);
  const stepOfCapture = new Map(rows.map((r, i) => [r.summary.id, i + 1]));
  const steps = rows.map((r, i) => stepOf(r, i + 1, stepOfCapture));
  const cache = sumCache(steps.map((s) => s.cache));
  return {
    ...summaryOf(
      row,
      rows.map((r) => r.summary),
    ),
    steps,
    cache: { ...cache, savings: savingsOf(rows), breaks: await breaksOf(id, steps) },
  };
}

/** Every capture of a run (its summaries), oldest first, page by page. */
export async function runCaptures(user: { id: string }, runId: string): Promise<CaptureSummary[]> {
  const captures = (await store()).captures;
  const all: CaptureSummary[] = [];
  let before: string | undefined;
  do {
    const page = await captures.list(user.id, { run: runId, limit: 200, ...(before ? { before } : {}) });
    all.push(...page.items);
    before = page.next;
  } while (before);
  return all.reverse();
}

/** A run as one HAR file: every exchange, in the order they came. */
export async function runHar(user: { id: string }, runId: string, version: string): Promise<Har | undefined> {
  const db = await store();
  if (!(await db.runs.get(runId, user.id))) return undefined;
  const details = await Promise.all((await runCaptures(user, runId)).map((c) => db.captures.get(c.id, user.id)));
  return capturesHar(
    details.filter((d): d is CaptureDetail => d !== undefined),
    version,
  );
}

/** Two of the owner's runs, diffed (lib/runs/run-diff); 404 naming the one that is not there. */
export async function diffOfRuns(aId: string, bId: string, owner: string): Promise<RunDiff> {
  const [a, b] = await Promise.all([runDetail(aId, owner), runDetail(bId, owner)]);
  if (!a) throw runNotFound(aId);
  if (!b) throw runNotFound(bId);
  return diffRuns(a, b);
}
