import 'server-only';
import type { DiffSide, ReplyChoice } from '@/lib/api/diff';
import { repliesSettled } from '../chat/settling-replies';
import { isUuid } from '../ids';
import { store } from '../store';
import type { Conversation } from '../store/types';
import { loadCompare, loadConversation } from './load';

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
  return records.map(({ id, conversationId, title, provider, model, createdAt }) => ({
    id,
    conversationId,
    title,
    provider,
    model,
    createdAt,
  }));
}

/** A conversation's ended replies, but one, as choices. */
function repliesOf(conversation: Conversation, except: string, near: string): ReplyChoice[] {
  return conversation.messages.flatMap((m) =>
    m.role === 'assistant' && 'timings' in m && m.id !== except && m.status !== 'streaming'
      ? [
          {
            id: m.id,
            conversationId: conversation.id,
            title: conversation.title,
            provider: m.provider,
            model: m.model,
            createdAt: m.createdAt,
            near,
            snippet: (m.text ?? '').slice(0, 120),
          },
        ]
      : [],
  );
}

/** The replies beside a reply: the others of its conversation, and, for a compare pane, the other panes'. */
export async function repliesNear(side: DiffSide): Promise<ReplyChoice[]> {
  const conversation = await loadConversation(side.conversationId);
  if (!conversation) return [];
  const own = repliesOf(conversation, side.id, 'this conversation');
  const session = conversation.compare ? await loadCompare(conversation.compare.id) : undefined;
  const panes = (session?.panes ?? []).flatMap((pane, i) =>
    pane.id === conversation.id ? [] : repliesOf(pane, side.id, `pane ${i + 1}`),
  );
  return [...panes, ...own];
}
