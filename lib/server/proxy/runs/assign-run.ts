import 'server-only';
import { titleFrom } from '@/lib/conversation-title';
import { uuidv7 } from '@/lib/server/platform/ids';
import { processSingleton } from '@/lib/server/platform/process-singleton';
import type { RunMember, RunStore } from '@/lib/server/store/run-store';
import type { PromptDigest } from './prompt-digest';

/** A request may continue one that began up to this long before it. */
export const CONTINUITY_WINDOW_MS = 10 * 60_000;
/** A request that continues none is a subagent of the run whose last request began this recently. */
export const ACTIVE_RUN_MS = 2 * 60_000;

/** Where a request goes: its run, its lane there, and the capture its branch began under (a new lane's). */
export interface RunPlacement {
  runId: string;
  lane: number;
  parent?: string;
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

/** This instance's latest placements by owner: a request's capture is listed a moment after it is placed, and the next may come first. */
const placed = () => processSingleton('run-members', () => new Map<string, RunMember[]>());
/** Placements of one owner, one at a time: two requests at once must not both start a run. */
const queues = () => processSingleton('run-queues', () => new Map<string, Promise<unknown>>());

/**
 * Puts a proxied request in its run (docs/contract.md "Runs"). A named run is found by
 * its name. Otherwise a request whose prompt extends an earlier request's (that request's
 * whole prompt a prefix of its own) continues that request's run and lane; one that keeps
 * an earlier request's first user message (its prompt changed elsewhere: a cache break to
 * show, not a new task) continues it too. A request that continues none, while a run of
 * its owner is active, is a subagent: a new lane of that run. Else it starts a run. A
 * request with no prompt (a model list) joins the active run, or none.
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
  const members = await recentMembers(store, owner, startedAt);
  let placement: RunPlacement | undefined;
  if (request.named !== undefined) {
    const runId = await store.named(owner, request.named, request.named, new Date(startedAt).toISOString(), uuidv7());
    placement = within(
      members.filter((m) => m.runId === runId),
      digest,
      startedAt,
      runId,
      true,
    );
  } else {
    // An app that names its runs names its subagents' too: a request that names none continues only runs found so.
    placement = within(
      members.filter((m) => !m.named),
      digest,
      startedAt,
      undefined,
      digest !== undefined,
    );
    if (!placement && digest) {
      const name = digest.firstUserText ? titleFrom(digest.firstUserText) : request.fallbackName;
      placement = { runId: await store.create(owner, name, new Date(startedAt).toISOString(), uuidv7()), lane: 0 };
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
      named: request.named !== undefined,
    });
  }
  return placement;
}

/**
 * The place among these members (newest first): after the one it extends, beside the one
 * with its first user message, or a new lane of the active run. `runId`: the run is
 * already known (named), and an empty one takes the request on its main line.
 */
function within(
  members: RunMember[],
  digest: PromptDigest | undefined,
  startedAt: number,
  runId: string | undefined,
  mayBranch: boolean,
): RunPlacement | undefined {
  const links = digest && new Set(digest.links);
  const extended = links && members.find((m) => m.full !== undefined && links.has(m.full));
  if (extended) return { runId: extended.runId, lane: extended.lane };
  const kept = digest?.anchor && members.find((m) => m.anchor === digest.anchor);
  if (kept) return { runId: kept.runId, lane: kept.lane };
  const active = members.find((m) => startedAt - m.startedAt < ACTIVE_RUN_MS);
  if (runId !== undefined && members.length === 0) return { runId, lane: 0 };
  const run = runId ?? active?.runId;
  if (run === undefined || (runId === undefined && !active)) return undefined;
  const ofRun = members.filter((m) => m.runId === run);
  if (!digest || !mayBranch) return { runId: run, lane: 0 };
  return { runId: run, lane: Math.max(...ofRun.map((m) => m.lane)) + 1, parent: ofRun[0]!.captureId };
}

async function recentMembers(store: RunStore, owner: string, now: number): Promise<RunMember[]> {
  const since = now - CONTINUITY_WINDOW_MS;
  const stored = await store.recentMembers(owner, since);
  const mine = (placed().get(owner) ?? []).filter((m) => m.startedAt > since);
  const seen = new Set(stored.map((m) => m.captureId));
  return [...mine.filter((m) => !seen.has(m.captureId)), ...stored].sort((a, b) => b.startedAt - a.startedAt);
}

function remember(owner: string, member: RunMember): void {
  const list = placed().get(owner) ?? [];
  list.unshift(member);
  const since = member.startedAt - CONTINUITY_WINDOW_MS;
  placed().set(owner, list.filter((m) => m.startedAt > since).slice(0, 500));
}
