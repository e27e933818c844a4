import { api } from '../api';
import { storedPosition } from './request-messages';
import type { ThreadHost } from './thread-host';
import type { UiMessage } from './ui-message';
import { switchedPath, withVersions } from './versions';

/** Adds a message at the thread's end. */
export function appendMessage(host: ThreadHost, message: UiMessage): void {
  host.put(message);
  host.write((t) => ({ order: [...t.order, message.id] }));
}

/** Drops `id` and what follows it ('at'), or only what follows it ('after'); returns the stored position it had. */
export function cutThread(host: ThreadHost, id: string, from: 'at' | 'after'): number {
  const thread = host.read()!;
  const position = storedPosition(thread.order, host.messages(), id);
  const index = thread.order.indexOf(id);
  host.write({ order: thread.order.slice(0, from === 'after' ? index + 1 : index) });
  return position;
}

/** The thread's messages learn their server ids and versions from the conversation as stored. */
export async function learnVersions(host: ThreadHost): Promise<void> {
  const conversationId = host.read()?.conversationId;
  if (!conversationId) return;
  const conversation = await api.getConversation(conversationId).catch(() => undefined);
  const thread = host.read();
  if (!conversation || thread?.conversationId !== conversation.id || thread.streaming) return;
  withVersions(thread.order, host.messages(), conversation).forEach(host.put);
}

/**
 * Has the server take its path through another version of a turn (the server's id of
 * it) and the thread show that path, unless the thread moved on (another conversation,
 * a reply streaming) meanwhile. Resolves to whether it was shown.
 */
export async function switchVersion(host: ThreadHost, conversationId: string, versionId: string): Promise<boolean> {
  const conversation = await api.showVersion(conversationId, versionId).catch(() => undefined);
  const thread = host.read();
  if (!conversation || thread?.conversationId !== conversation.id || thread.streaming) return false;
  const { order, put } = switchedPath(thread.order, host.messages(), conversation);
  put.forEach(host.put);
  host.write({ order });
  return true;
}
