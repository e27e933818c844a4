import 'server-only';
import { repliesSettled } from '@/lib/server/store/settling-replies';
import { isUuid } from '@/lib/server/platform/ids';
import { store } from '@/lib/server/store';
import type {
  CompareSession,
  Conversation,
  ConversationPage,
  ListOptions,
  StoredEvents,
  StoredMessage,
} from '@/lib/server/store/types';
import type { User } from '@/lib/api/users';
import { ownedConversation, ownsConversation } from '@/lib/server/auth/ownership';
import { labelOf } from '@/lib/api/blind';
import type { ProtocolId } from '@/lib/protocols/ids';
import { maskConversation, maskEvents, maskMessage } from './blind/mask';
import { hiddenPane, seatNames } from './blind/seating';

/** The store, once `id` is a conversation the caller owns (else the 404 for an id that never existed). */
export const storeFor = ownedConversation;

/*
 * Every read below answers a blind race's panes as their labels until its vote
 * (lib/server/views/blind/mask.ts): the page reads nothing that names a hidden model.
 */

/** Reads see every reply that has ended as it ended (see settling-replies). */
export async function loadConversation(user: User, id: string): Promise<Conversation | undefined> {
  if (!(await ownsConversation(user, id))) return undefined;
  await repliesSettled();
  const db = await store();
  const conversation = await db.getConversation(id);
  const hidden = conversation?.compare ? await hiddenPane(db, id) : undefined;
  return conversation && hidden ? maskConversation(conversation, hidden.pane, hidden.hide) : conversation;
}

/** A page of the list; a reply that just ended shows as ended; a blind race not voted on names its labels. */
export async function loadConversationList(user: User, options: Omit<ListOptions, 'ownerId'>): Promise<ConversationPage> {
  await repliesSettled();
  const page = await (await store()).listConversations({ ...options, ownerId: user.id });
  return {
    ...page,
    conversations: page.conversations.map((c) =>
      c.blind === 'hidden' ? { ...c, models: (c.models ?? []).map((_, i) => labelOf(i)) } : c,
    ),
  };
}

/** A compare session with its panes; a blind one with its labels (and its vote, which reveals it). */
export async function loadCompare(user: User, id: string): Promise<CompareSession | undefined> {
  if (!(await ownsConversation(user, id))) return undefined;
  await repliesSettled();
  const db = await store();
  const session = await db.getCompare(id);
  if (!session?.blind) return session;
  const seating = await db.blindSeating(id);
  if (!seating) return session;
  const blindState = { labels: seating.seats.map((_, i) => labelOf(i)), ...(seating.vote ? { vote: seating.vote } : {}) };
  if (seating.vote) return { ...session, blindState };
  return {
    ...session,
    blindState,
    panes: session.panes.map((pane) => {
      const place = pane.compare?.pane ?? 0;
      const seat = seating.seats[place];
      return seat ? maskConversation(pane, place, seatNames(seat)) : pane;
    }),
  };
}

/** One stored message, once replies that just ended are stored. */
export async function loadMessage(user: User, id: string, messageId: string): Promise<StoredMessage | undefined> {
  const db = await storeFor(user, id);
  if (!isUuid(messageId)) return undefined;
  await repliesSettled();
  const [message, hidden] = await Promise.all([db.getMessage(id, messageId), hiddenPane(db, id)]);
  return message && hidden ? maskMessage(message, hidden.pane, hidden.hide) : message;
}

export async function loadReplyEvents(user: User, id: string, messageId: string): Promise<StoredEvents | undefined> {
  const db = await storeFor(user, id);
  if (!isUuid(messageId)) return undefined;
  await repliesSettled();
  const [events, hidden] = await Promise.all([db.replyEvents(id, messageId), hiddenPane(db, id)]);
  if (!events || !hidden) return events;
  // The upstream's bytes are decoded as its own protocol, which only the stored reply says.
  const message = await db.getMessage(id, messageId);
  const protocol = message?.role === 'assistant' && 'protocol' in message ? (message.protocol as ProtocolId) : undefined;
  return protocol ? maskEvents(events, protocol, hidden.pane, hidden.hide) : { items: [], truncated: events.truncated };
}

/** A reply's upstream request body, stored when its marker cut it; its turn written first if it waits for the first bytes. */
export async function loadUpstreamBody(user: User, messageId: string): Promise<string | undefined> {
  if (!isUuid(messageId)) return undefined;
  await repliesSettled();
  return (await store()).upstreamBody(messageId, user.id);
}
