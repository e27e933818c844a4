import 'server-only';
import { emptyMessage } from '@/lib/assemble/message';
import { storedFields } from '@/lib/api/conversations';
import { versionOf, type DiffSide, type ReplyChoice } from '@/lib/api/diff';
import type { User } from '@/lib/api/users';
import { loadCapture } from './capture';
import { repliesSettled } from '@/lib/server/store/settling-replies';
import { isUuid } from '@/lib/server/platform/ids';
import { store } from '@/lib/server/store';
import type { Conversation } from '@/lib/server/store/types';
import { loadCompare, loadConversation } from './conversations';

/**
 * One side of `/diff`: a stored reply found by its id alone (the page's address names
 * replies, not conversations), with its stream as stored; or, by its id, a capture of
 * the recording proxy whose answer was read as a reply. Only one that ended and has a
 * stored stream: one still streaming has nothing to compare yet.
 */
export async function loadDiffSide(user: User, id: string): Promise<DiffSide | undefined> {
  if (!isUuid(id)) return undefined;
  return (await replySide(user, id)) ?? (await captureSide(user, id));
}

/** A capture as a side: its assembled answer, its times on the proxy's clock (from the request), its stream. */
async function captureSide(user: User, id: string): Promise<DiffSide | undefined> {
  const capture = await loadCapture(user, id);
  if (!capture?.reply || !capture.events || capture.status === 'streaming') return undefined;
  const { timings } = capture;
  return {
    id,
    kind: 'capture',
    conversationId: '',
    title: `${capture.method} ${capture.path} (capture)`,
    reply: {
      ...storedFields({ ...emptyMessage('complete'), ...capture.reply }),
      ...(capture.usage ? { usage: capture.usage } : {}),
      id,
      role: 'assistant',
      createdAt: capture.startedAt,
      provider: capture.provider,
      model: capture.model ?? '',
      protocol: capture.protocol ?? '',
      timings: { requestStart: Date.parse(capture.startedAt), ...timings },
      ...(capture.cost !== undefined ? { cost: capture.cost } : {}),
    },
    events: capture.events,
  };
}

async function replySide(user: User, messageId: string): Promise<DiffSide | undefined> {
  await repliesSettled();
  const db = await store();
  const [record] = await db.replyRecords({ id: messageId, ownerId: user.id });
  if (!record) return undefined;
  const [reply, events, conversation] = await Promise.all([
    db.getMessage(record.conversationId, messageId),
    db.replyEvents(record.conversationId, messageId),
    db.getConversation(record.conversationId),
  ]);
  if (reply?.role !== 'assistant' || !('timings' in reply)) return undefined;
  const version = versionOf(messageId, conversation?.messages ?? []);
  return {
    id: messageId,
    kind: 'reply',
    conversationId: record.conversationId,
    title: record.title,
    reply,
    events: events ?? null,
    ...(version ? { version } : {}),
  };
}

/** The newest stored replies, to pick the other side from. */
export async function recentReplies(user: User, limit = 20): Promise<ReplyChoice[]> {
  await repliesSettled();
  const records = await (await store()).replyRecords({ limit, ownerId: user.id });
  return records.map(({ id, conversationId, title, provider, model, createdAt }) => ({
    id,
    conversationId,
    title,
    provider,
    model,
    createdAt,
  }));
}

type StoredReplyMessage = Conversation['messages'][number];

/** A stored reply as a choice; none for one still streaming or not streamed here. */
function choiceOf(m: StoredReplyMessage | undefined, conversation: Conversation, near: string): ReplyChoice[] {
  return m?.role === 'assistant' && 'timings' in m && m.status !== 'streaming'
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
    : [];
}

/** A conversation's ended replies, but one, as choices. */
function repliesOf(conversation: Conversation, except: string, near: string): ReplyChoice[] {
  return conversation.messages.flatMap((m) => (m.id === except ? [] : choiceOf(m, conversation, near)));
}

/** At most this many versions not shown are offered: each is one more read. */
const MAX_OTHER_VERSIONS = 20;

/** The versions of a conversation's replies that it does not show (regenerated away), as choices. */
async function otherVersions(conversation: Conversation, except: string): Promise<ReplyChoice[]> {
  const shown = new Set(conversation.messages.map((m) => m.id));
  const others = conversation.messages
    .flatMap((m) =>
      m.role === 'assistant'
        ? (m.versions ?? []).map((id, i, all) => ({ id, near: `this conversation, version ${i + 1} of ${all.length}` }))
        : [],
    )
    .filter((v) => !shown.has(v.id) && v.id !== except)
    .slice(0, MAX_OTHER_VERSIONS);
  const db = await store();
  const read = await Promise.all(others.map((v) => db.getMessage(conversation.id, v.id)));
  return read.flatMap((m, i) => choiceOf(m, conversation, others[i]!.near));
}

/**
 * The replies beside a reply: the others of its conversation (the other versions of its
 * replies too), and, for a compare pane, the other panes'.
 */
export async function repliesNear(user: User, side: DiffSide): Promise<ReplyChoice[]> {
  if (side.kind === 'capture') return [];
  const conversation = await loadConversation(user, side.conversationId);
  if (!conversation) return [];
  const own = repliesOf(conversation, side.id, 'this conversation');
  const [versions, session] = await Promise.all([
    otherVersions(conversation, side.id),
    conversation.compare ? loadCompare(user, conversation.compare.id) : undefined,
  ]);
  const panes = (session?.panes ?? []).flatMap((pane, i) =>
    pane.id === conversation.id ? [] : repliesOf(pane, side.id, `pane ${i + 1}`),
  );
  return [...panes, ...versions, ...own];
}
