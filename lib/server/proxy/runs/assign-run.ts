import 'server-only';
import { titleFrom } from '@/lib/conversation-title';
import { uuidv7 } from '@/lib/server/platform/ids';
import { processSingleton } from '@/lib/server/platform/process-singleton';
import type { RunMember, RunStore } from '@/lib/server/store/run-store';
import type { PromptDigest } from './prompt-digest';

/** A request may continue one that began up to this long before it. */
export const CONTINUITY_WINDOW_MS = 10 * 60_000;
/** A request that continues none is a subagent of a run of its app whose request began this recently. */
export const ACTIVE_RUN_MS = 2 * 60_000;

/** Where a request goes: its run, its lane there, and the capture its branch began under (a new lane's). */
export interface RunPlacement {
  runId: string;
  lane: number;
  parent?: string;
  /** This request began the run, or its lane: the instance that placed it makes that span (runs/run-trace.ts). */
  began?: 'run' | 'lane';
}

export interface RunRequest {
  owner: string;
  captureId: string;
  startedAt: number;
  /** The run the app named (header or base URL), if it named one. */
  named?: string;
  /** Its prompt, when it is a generation request of a known protocol. */
  digest?: PromptDigest;
  /** What to call a run it starts, when nothing better is known. */
  fallbackName: string;
}

/**
 * This instance's latest placements by owner: a request's capture is listed a moment after
 * it is placed (listing is batched), and the next request may come first.
 */
const placed = () => processSingleton('run-members', () => new Map<string, RunMember[]>());
/** Placements of one owner, one at a time: two requests at once must not both start a run. */
const queues = () => processSingleton('run-queues', () => new Map<string, Promise<unknown>>());

/**
 * Puts a proxied request in its run (docs/contract.md "Runs"). A named run is found by
 * its name. Otherwise a request whose prompt extends an earlier request's (that request's
 * whole prompt a prefix of its own) continues that request's run and lane; one that keeps
 * an earlier request's first user message (its prompt changed elsewhere: a cache break to
 * show, not a new task) continues it too. A request that continues none is a subagent (a
 * new lane) of the active run of its owner that is plainly its app's: one of whose recent
 * requests shares a tool, its system prompt or its first user message with it (its
 * digest's kin). Two unrelated apps sending in the same minute share none, and so start a
 * run each. Else it starts a run. A request with no prompt (a model list) joins the
 * owner's active run, or none.
 */
export function assignRun(store: RunStore, request: RunRequest): Promise<RunPlacement | undefined> {
  const waiting = queues();
  const before = waiting.get(request.owner) ?? Promise.resolve();
  const turn = before.catch(() => {}).then(() => place(store, request));
  waiting.set(request.owner, turn);
  void turn.finally(() => waiting.get(request.owner) === turn && waiting.delete(request.owner)).catch(() => {});
  return turn;
}

async function place(store: RunStore, request: RunRequest): Promise<RunPlacement | undefined> {
  const { owner, digest, startedAt } = request;
  const named = request.named !== undefined;
  let placement: RunPlacement | undefined;
  if (named) {
    const runId = await store.named(owner, request.named!, request.named!, new Date(startedAt).toISOString(), uuidv7());
    placement = (await continued(store, request, runId)) ?? (await newLane(store, runId, digest !== undefined));
  } else {
    // An app that names its runs names its subagents' too: a request that names none continues only runs found so.
    placement = await continued(store, request, undefined);
    if (!placement) {
      const active = await activeRun(store, owner, startedAt, digest?.kin);
      if (active) placement = await newLane(store, active, digest !== undefined);
      else if (digest) {
        const name = digest.firstUserText ? titleFrom(digest.firstUserText) : request.fallbackName;
        const runId = await store.create(owner, name, new Date(startedAt).toISOString(), uuidv7());
        placement = { runId, lane: 0, began: 'run' };
      }
    }
  }
  if (placement) {
    const { runId, lane } = placement;
    remember(owner, {
      captureId: request.captureId,
      runId,
      lane,
      startedAt,
      full: digest?.full,
      anchor: digest?.anchor,
      kin: digest?.kin,
      named,
    });
  }
  return placement;
}

/**
 * The run and lane of the request this one continues: its prompt extends that one's, or
 * keeps its anchor (this instance's latest placements first, then the store's).
 */
async function continued(store: RunStore, request: RunRequest, runId: string | undefined): Promise<RunPlacement | undefined> {
  const { digest, owner, startedAt } = request;
  if (!digest) return undefined;
  const since = startedAt - CONTINUITY_WINDOW_MS;
  const mine = recent(owner, since).filter((m) => (runId === undefined ? !m.named : m.runId === runId));
  const links = new Set(digest.links);
  const found =
    mine.find((m) => m.full !== undefined && links.has(m.full)) ??
    (await store.continued(owner, since, digest.links, digest.anchor, runId)) ??
    (digest.anchor ? mine.find((m) => m.anchor === digest.anchor) : undefined);
  return found && { runId: found.runId, lane: found.lane };
}

/**
 * The owner's continuity run with a request begun within ACTIVE_RUN_MS: for a request
 * with a prompt, one that shares some of its `kin` (see PromptDigest.kin); for one with
 * none (a model list), any.
 */
async function activeRun(store: RunStore, owner: string, startedAt: number, kin?: string[]): Promise<string | undefined> {
  const since = startedAt - ACTIVE_RUN_MS;
  const shared = kin && new Set(kin);
  const mine = recent(owner, since).find((m) => !m.named && (!shared || (m.kin ?? []).some((k) => shared.has(k))));
  return (mine ?? (await store.latestContinuity(owner, since, kin)))?.runId;
}

/**
 * A place in a run the request does not continue: its main line when the run has nothing
 * yet (or the request has no prompt of its own), else a new lane (a subagent) under the
 * run's newest request.
 */
async function newLane(store: RunStore, runId: string, branches: boolean): Promise<RunPlacement> {
  // This instance's placements in it that the store may not have yet (captures are listed in batches).
  const local = [...placed().values()].flat().filter((m) => m.runId === runId);
  const stored = await store.lanes(runId);
  if (!stored && local.length === 0) return { runId, lane: 0, began: 'run' };
  if (!branches) return { runId, lane: 0 };
  const maxLane = Math.max(stored?.maxLane ?? 0, ...local.map((m) => m.lane));
  // Capture ids are UUIDv7, ordered by the time their requests came: the greatest is the newest.
  const newest = [stored?.newest, ...local.map((m) => m.captureId)]
    .filter((id): id is string => id !== undefined)
    .sort()
    .at(-1)!;
  return { runId, lane: maxLane + 1, parent: newest, began: 'lane' };
}

function recent(owner: string, since: number): RunMember[] {
  return (placed().get(owner) ?? []).filter((m) => m.startedAt > since);
}

function remember(owner: string, member: RunMember): void {
  const list = placed().get(owner) ?? [];
  list.unshift(member);
  const since = member.startedAt - CONTINUITY_WINDOW_MS;
  placed().set(owner, list.filter((m) => m.startedAt > since).slice(0, 500));
}
