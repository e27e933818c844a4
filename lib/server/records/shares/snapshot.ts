import 'server-only';
import type { StoredEvents } from '@/lib/api/conversations';
import type { NewShareBody, ShareSnapshot, SharedThread } from '@/lib/api/shares';
import type { User } from '@/lib/api/users';
import type { DiffSide } from '@/lib/api/diff';
import { loadDiffSide } from '@/lib/server/views/diff-sides';
import { runNotFound } from '@/lib/server/views/run-requests';
import { runDetail } from '@/lib/server/views/runs';
import { loadCompare, loadConversation, loadReplyEvents } from '@/lib/server/views/conversations';
import { compareNotFound, conversationNotFound } from '@/lib/server/http/not-found';
import { ApiError } from '@/lib/server/http/errors';
import type { Conversation } from '@/lib/server/store/types';

/**
 * The most a share's snapshot may weigh (its JSON): a share is read whole by its page,
 * and a conversation with long event logs can be large. Refused above it, by name.
 */
export const MAX_SNAPSHOT_BYTES = 8 * 1024 * 1024;

/** A snapshot as it is stored, its size checked. */
export interface TakenSnapshot {
  title: string;
  snapshot: ShareSnapshot;
  json: string;
}

/**
 * Reads what a share will hold, now, as its owner's pages read it (a blind race not yet
 * voted on stays masked): the messages shown, each reply's raw event log and figures.
 * Anything the caller does not own is the same 404 as what never existed (the loaders read only the caller's own).
 */
export async function takeSnapshot(user: User, body: NewShareBody): Promise<TakenSnapshot> {
  const snapshot = await read(user, body);
  const title = snapshot.kind === 'conversation' ? snapshot.conversation.title : snapshot.title;
  const json = JSON.stringify(snapshot);
  const bytes = Buffer.byteLength(json);
  if (bytes > MAX_SNAPSHOT_BYTES)
    throw new ApiError(
      413,
      'snapshot_too_large',
      `This ${body.kind} is ${(bytes / 1048576).toFixed(1)} MiB with its event logs; a share holds at most ${MAX_SNAPSHOT_BYTES / 1048576} MiB.`,
    );
  return { title, snapshot, json };
}

async function read(user: User, body: NewShareBody): Promise<ShareSnapshot> {
  if (body.kind === 'diff') return diffSnapshot(user, body.a!, body.b!);
  const id = body.id!;
  if (body.kind === 'run') {
    const run = await runDetail(id, user.id);
    if (!run) throw runNotFound(id);
    return { kind: 'run', title: run.name, run };
  }
  const threadOf = (conversation: Conversation) => sharedThread(user, conversation);
  if (body.kind === 'compare') {
    const session = await loadCompare(user, id);
    if (!session) throw compareNotFound(id);
    return { kind: 'compare', title: session.title, panes: await Promise.all(session.panes.map(threadOf)) };
  }
  const conversation = await loadConversation(user, id);
  if (!conversation) throw conversationNotFound(id);
  return { kind: 'conversation', conversation: await threadOf(conversation) };
}

/** A conversation's messages shown and its replies' logs (none for a message typed in, not streamed here). */
async function sharedThread(user: User, conversation: Conversation): Promise<SharedThread> {
  const replies = conversation.messages.filter((m) => m.role === 'assistant' && 'timings' in m);
  const logs = await Promise.all(replies.map((m) => loadReplyEvents(user, conversation.id, m.id)));
  const events: Record<string, StoredEvents> = {};
  replies.forEach((m, i) => {
    if (logs[i]) events[m.id] = logs[i];
  });
  return { title: conversation.title, messages: conversation.messages, events };
}

const replyNotFound = (id: string) => new ApiError(404, 'not_found', `Unknown reply "${id}".`);

async function diffSnapshot(user: User, a: string, b: string): Promise<ShareSnapshot> {
  const sides = await Promise.all([ownedSide(user, a), ownedSide(user, b)]);
  return { kind: 'diff', title: `${sides[0].title} ↔ ${sides[1].title}`, sides };
}

/** One side of a diff: a reply of the caller's conversations, or a capture of theirs (the loader reads only those). */
async function ownedSide(user: User, id: string): Promise<DiffSide> {
  const side = await loadDiffSide(user, id);
  if (!side) throw replyNotFound(id);
  return side;
}
