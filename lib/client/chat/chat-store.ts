import { create } from 'zustand';
import type { ChatParams } from '@/lib/protocols/conversation';
import { onPoolReset, putMessage, resetPool } from '../thread/message-pool';
import type { Thread } from '../thread/thread-runner';
import type { UiMessage } from '../thread/ui-message';

/**
 * The chat: its one thread (its order, model, conversation and streaming reply) and its
 * parameters. Its messages are in the page's pool (lib/client/thread/message-pool.ts),
 * as each compare pane's are.
 */
export interface ChatState extends Thread {
  params: ChatParams;
}

export const useChatStore = create<ChatState>(() => ({ order: [], params: {} }));

/**
 * Whatever else opens on the page (a compare session) empties the pool: the chat lets its
 * conversation go with its messages. Coming back to it then opens it again rather than
 * taking it for the one still shown, and a reply it was reading no longer counts as the
 * chat's (its headers move no URL, mark nothing stored).
 */
onPoolReset(() => useChatStore.setState({ conversationId: undefined, order: [], streaming: undefined }));

/** Opens a conversation (stored, or none for a new chat): everything else is reset. */
export function resetChat(conversationId?: string, messages: UiMessage[] = []): void {
  resetPool(messages);
  useChatStore.setState({ conversationId, order: messages.map((m) => m.id), streaming: undefined });
}

/** Adds a message at the chat's end. */
export function appendMessage(message: UiMessage): void {
  putMessage(message);
  useChatStore.setState((s) => ({ order: [...s.order, message.id] }));
}
