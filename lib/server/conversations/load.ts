import 'server-only';
import { repliesSettled } from '../chat/settling-replies';
import { isUuid } from '../ids';
import { store } from '../store';
import type {
  CompareSession,
  Conversation,
  ConversationPage,
  ConversationStore,
  ListOptions,
  StoredEvents,
  StoredMessage,
} from '../store/types';
import { conversationNotFound } from './not-found';

/** The store and a checked id: anything but a UUID is a 404 before any query runs. */
export async function storeFor(id: string): Promise<ConversationStore> {
  if (!isUuid(id)) throw conversationNotFound(id);
  return store();
}

/** Reads see every reply that has ended as it ended (see settling-replies). */
export async function loadConversation(id: string): Promise<Conversation | undefined> {
  if (!isUuid(id)) return undefined;
  await repliesSettled();
  return (await store()).getConversation(id);
}

/** A page of the list; a reply that just ended shows as ended. */
export async function loadConversationList(options: ListOptions): Promise<ConversationPage> {
  await repliesSettled();
  return (await store()).listConversations(options);
}

export async function loadCompare(id: string): Promise<CompareSession | undefined> {
  if (!isUuid(id)) return undefined;
  await repliesSettled();
  return (await store()).getCompare(id);
}

/** One stored message, once replies that just ended are stored. */
export async function loadMessage(id: string, messageId: string): Promise<StoredMessage | undefined> {
  const db = await storeFor(id);
  if (!isUuid(messageId)) return undefined;
  await repliesSettled();
  return db.getMessage(id, messageId);
}

export async function loadReplyEvents(id: string, messageId: string): Promise<StoredEvents | undefined> {
  const db = await storeFor(id);
  if (!isUuid(messageId)) return undefined;
  await repliesSettled();
  return db.replyEvents(id, messageId);
}

/** A reply's upstream request body, stored when its marker cut it; its turn written first if it waits for the first bytes. */
export async function loadUpstreamBody(messageId: string): Promise<string | undefined> {
  if (!isUuid(messageId)) return undefined;
  await repliesSettled();
  return (await store()).upstreamBody(messageId);
}
