import 'server-only';
import type { StoredMessage } from '@/lib/api/conversations';
import type { ShareSnapshot, ShareSummary, SharedThread } from '@/lib/api/shares';
import { textOf, type ChatMessage } from '@/lib/protocols/conversation';
import { uuidv7 } from '@/lib/server/platform/ids';
import { packEvents } from '@/lib/server/database/packed-events';
import type { ForkRows } from '@/lib/server/store/share-store';

/** A stored message's body as its row keeps it: what the store spreads back, less what it adds on reading. */
function bodyOf(message: StoredMessage): object {
  const body: Record<string, unknown> = { ...message };
  for (const key of ['id', 'role', 'createdAt', 'versions']) delete body[key];
  return body;
}

/** The text a search finds a message by, as the turn and reply writes make it. */
function searchOf(message: StoredMessage): string {
  if ('content' in message) return textOf({ role: message.role, content: message.content } as ChatMessage);
  return `${message.text ?? ''}\n${message.refusal ?? ''}`;
}

/** One thread's rows under a new conversation id: new message ids, each under the one before it, the last the leaf. */
function threadRows(rows: ForkRows, thread: SharedThread, conversation: ForkRows['conversations'][number]): void {
  let parent: string | null = null;
  thread.messages.forEach((message, i) => {
    const id = uuidv7();
    rows.messages.push({
      id,
      conversation: conversation.id,
      seq: i + 1,
      parent,
      role: message.role,
      status: message.role === 'assistant' ? (message.status ?? 'complete') : null,
      body: bodyOf(message),
      search: searchOf(message),
    });
    const log = thread.events[message.id];
    if (log) {
      const packed = packEvents(log);
      rows.events.push({
        message: id,
        deflated: packed.deflated,
        spans: JSON.stringify(packed.spans),
        truncated: packed.truncated,
      });
    }
    parent = id;
  });
  conversation.leaf = parent;
  rows.conversations.push(conversation);
}

/**
 * A share's snapshot as the rows of a new conversation owned by `ownerId`: a chat for a
 * conversation, a compare session with its panes for one. Its messages are the ones the
 * share shows (one version each), with their logs; undefined for a diff, which is two
 * replies and no conversation. The chat (or the session) keeps which share it came from,
 * so its page says it is a copy.
 */
export function forkRows(
  ownerId: string,
  share: Pick<ShareSummary, 'title' | 'createdAt'> & { snapshot: ShareSnapshot },
): { rows: ForkRows; id: string; kind: 'chat' | 'compare' } | undefined {
  const { snapshot } = share;
  const forkedFrom = { title: share.title, sharedAt: share.createdAt };
  const rows: ForkRows = { ownerId, conversations: [], messages: [], events: [] };
  const chat = (title: string, parent: string | null = null, pane: number | null = null) => ({
    id: uuidv7(),
    title,
    kind: 'chat' as const,
    parent,
    pane,
    leaf: null,
  });
  if (snapshot.kind === 'conversation') {
    const conversation = { ...chat(snapshot.conversation.title), forkedFrom };
    threadRows(rows, snapshot.conversation, conversation);
    return { rows, id: conversation.id, kind: 'chat' };
  }
  if (snapshot.kind === 'compare') {
    const session = {
      id: uuidv7(),
      title: snapshot.title,
      kind: 'compare' as const,
      parent: null,
      pane: null,
      leaf: null,
      forkedFrom,
    };
    rows.conversations.push(session);
    snapshot.panes.forEach((pane, i) => threadRows(rows, pane, chat(pane.title, session.id, i)));
    return { rows, id: session.id, kind: 'compare' };
  }
  return undefined;
}
