import 'server-only';
import { SpanKind, type SpanContext } from '@opentelemetry/api';
import { processSingleton } from '@/lib/server/platform/process-singleton';
import { ATTR, parentWithIds, SLUICE, spanIdFor, startSpanAt, telemetry, traceIdForRun } from '@/lib/server/platform/telemetry';
import type { Usage } from '@/lib/protocols/events';
import { ACTIVE_RUN_MS, CONTINUITY_WINDOW_MS, type RunPlacement } from './assign-run';

/**
 * An agent run as a trace (docs/contract.md "Traces and metrics"): its trace id is the
 * run's id, its root span `invoke_agent`, each of its requests a span under that root,
 * and a subagent's lane a span of its own under the request it began beside, with the
 * lane's requests under it. Every id is made from Sluice's own (ids.ts), so any instance
 * places a request's span without asking the one that began the run. The root and a
 * lane's span are made by the instance that placed their first request, once the run
 * has been quiet for ACTIVE_RUN_MS (a later request that continues it still finds its
 * parent), or as the server stops.
 */
interface OpenSpan {
  start: number;
  end: number;
  requests: number;
  usage: { input: number; output: number; cacheRead: number; cacheWrite: number };
  /** A lane's: the span of the request it began beside. */
  parent?: SpanContext;
}

interface OpenRun {
  name?: string;
  root?: OpenSpan;
  lanes: Map<number, OpenSpan>;
  timer?: ReturnType<typeof setTimeout>;
}

const open = () => processSingleton('run-traces', () => new Map<string, OpenRun>());

const captureSpan = (runId: string, captureId: string) => parentWithIds(traceIdForRun(runId), spanIdFor('capture', captureId));
const rootSpanId = (runId: string) => spanIdFor('run', runId);
const laneSpanId = (runId: string, lane: number) => spanIdFor('lane', `${runId}:${lane}`);

/** The span a request of this run and lane goes under: the run's root, or its lane's. */
export function runParent(placement: Pick<RunPlacement, 'runId' | 'lane'>): SpanContext {
  const { runId, lane } = placement;
  return parentWithIds(traceIdForRun(runId), lane === 0 ? rootSpanId(runId) : laneSpanId(runId, lane));
}

/** The span id a capture's exchange takes: a lane begun beside it names it as its parent. */
export function captureSpanId(captureId: string): string {
  return spanIdFor('capture', captureId);
}

const emptySpan = (start: number, parent?: SpanContext): OpenSpan => ({
  start,
  end: start,
  requests: 0,
  usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  ...(parent ? { parent } : {}),
});

/**
 * A request was placed: when it began the run (or a lane), this instance holds that span
 * open. `name`: the run's name when its app gave one (a header or its base URL). It names
 * the root only with SLUICE_OTEL_CONTENT=1: `npm run with` names a run after its command,
 * prompt and all (`claude -p "fix it" (k3f9)`); a run named by its first prompt never is.
 */
export function requestPlaced(placement: RunPlacement, startedAt: number, name: string | undefined): void {
  const running = telemetry();
  if (!running?.traces || !placement.began) return;
  const runs = open();
  const run: OpenRun = runs.get(placement.runId) ?? { lanes: new Map() };
  runs.set(placement.runId, run);
  if (placement.began === 'run') {
    run.root ??= emptySpan(startedAt);
    if (name !== undefined && running.settings.content) run.name = name;
  } else if (placement.parent && !run.lanes.has(placement.lane))
    run.lanes.set(placement.lane, emptySpan(startedAt, captureSpan(placement.runId, placement.parent)));
  // Made in the end even if no request of it ends here (a capture whose write failed): at the latest once nothing could continue it.
  if (!run.timer) quietFor(placement.runId, run, CONTINUITY_WINDOW_MS);
}

/** The run's spans are made once it has been quiet this long (each request's end starts the wait again). */
function quietFor(runId: string, run: OpenRun, ms: number): void {
  clearTimeout(run.timer);
  run.timer = setTimeout(() => endRun(runId), ms);
  run.timer.unref();
}

/** A request of the run ended: the spans it is under last at least until then; the run is quiet again from now. */
export function requestEnded(placement: Pick<RunPlacement, 'runId' | 'lane'>, endedAt: number, usage: Usage | undefined): void {
  const run = open().get(placement.runId);
  if (!run) return;
  for (const span of [run.root, placement.lane === 0 ? undefined : run.lanes.get(placement.lane)]) {
    if (!span) continue;
    span.end = Math.max(span.end, endedAt);
    span.requests++;
    span.usage.input += usage?.inputTokens ?? 0;
    span.usage.output += usage?.outputTokens ?? 0;
    span.usage.cacheRead += usage?.cachedInputTokens ?? 0;
    span.usage.cacheWrite += usage?.cacheWriteTokens ?? 0;
  }
  quietFor(placement.runId, run, ACTIVE_RUN_MS);
}

function spanAttributes(runId: string, span: OpenSpan) {
  return {
    [ATTR.operationName]: 'invoke_agent',
    [ATTR.conversationId]: runId,
    [SLUICE.runId]: runId,
    [SLUICE.runRequests]: span.requests,
    [ATTR.inputTokens]: span.usage.input,
    [ATTR.outputTokens]: span.usage.output,
    [ATTR.cacheReadTokens]: span.usage.cacheRead,
    [ATTR.cacheCreationTokens]: span.usage.cacheWrite,
  };
}

/** Makes the run's spans this instance holds, as they stand. */
function endRun(runId: string): void {
  const runs = open();
  const run = runs.get(runId);
  runs.delete(runId);
  const traces = telemetry()?.traces;
  if (!run || !traces) return;
  clearTimeout(run.timer);
  const traceId = traceIdForRun(runId);
  if (run.root) {
    const { root } = run;
    const name = run.name === undefined ? 'invoke_agent' : `invoke_agent ${run.name}`;
    const attributes = { ...spanAttributes(runId, root), ...(run.name !== undefined ? { [ATTR.agentName]: run.name } : {}) };
    const ids = { traceId, spanId: rootSpanId(runId) };
    startSpanAt(traces, name, { startTime: root.start, kind: SpanKind.INTERNAL, attributes, ids }).end(root.end);
  }
  for (const [lane, span] of run.lanes) {
    const attributes = { ...spanAttributes(runId, span), [SLUICE.runLane]: lane };
    const ids = { spanId: laneSpanId(runId, lane) };
    const at = { startTime: span.start, kind: SpanKind.INTERNAL, attributes, parent: span.parent, ids };
    startSpanAt(traces, `invoke_agent subagent ${lane}`, at).end(span.end);
  }
}

/** The server is stopping: every run this instance holds open is made now, before the spans are flushed. */
export function endRunTraces(): void {
  for (const runId of [...open().keys()]) endRun(runId);
}
