import 'server-only';
import type { DiffSide, ReplyChoice } from '@/lib/api/diff';
import { repliesSettled } from '../chat/settling-replies';
import { isUuid } from '../ids';
import { store } from '../store';

/**
 * One side of `/diff`: a stored reply found by its id alone (the page's address names
 * replies, not conversations), with its stream as stored. Only a reply that ended and
 * has a stored stream: one still streaming has nothing to compare yet.
 */
export async function loadDiffSide(messageId: string): Promise<DiffSide | undefined> {
  if (!isUuid(messageId)) return undefined;
  await repliesSettled();
  const db = await store();
  const [record] = await db.replyRecords({ id: messageId });
  if (!record) return undefined;
  const [reply, events] = await Promise.all([
    db.getMessage(record.conversationId, messageId),
    db.replyEvents(record.conversationId, messageId),
  ]);
  if (reply?.role !== 'assistant' || !('timings' in reply)) return undefined;
  return { id: messageId, conversationId: record.conversationId, title: record.title, reply, events: events ?? null };
}

/** The newest stored replies, to pick the other side from. */
export async function recentReplies(limit = 20): Promise<ReplyChoice[]> {
  await repliesSettled();
  const records = await (await store()).replyRecords({ limit });
  return records.map(({ id, conversationId, title, provider, model, createdAt }) => ({ id, conversationId, title, provider, model, createdAt }));
}
