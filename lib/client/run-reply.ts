import { emptyMessage } from '@/lib/assemble/message';
import { titleFrom } from '@/lib/conversation-title';
import { appendMessage, markStored, resetChat, storedPosition, dropMessages, useChatStore } from './chat-store';
import { conversationActive, refreshConversations } from './conversation-list';
import { toRequestMessages, unseenByServer } from './request-messages';
import { streamReply } from './stream-reply';

let current: AbortController | undefined;

const newId = () => crypto.randomUUID();

/** The page follows the conversation: `/c/{id}`, without a reload, and the sidebar shows it at once. */
function followConversation(id: string, wasNew: boolean): void {
  if (window.location.pathname !== `/c/${id}`) window.history.replaceState(null, '', `/c/${id}`);
  const { order, messages } = useChatStore.getState();
  const first = order.map((k) => messages[k]).find((m) => m?.role === 'user');
  conversationActive(id, wasNew ? titleFrom(first?.role === 'user' ? first.content : '') : '');
}

/**
 * Streams the assistant's reply to the conversation as it stands. `replaceFrom`:
 * the stored position from which this turn replaces what the server has.
 */
async function runReply(replaceFrom?: number): Promise<void> {
  const state = useChatStore.getState();
  if (!state.provider || !state.model || state.streaming) return;
  const { provider, model, params, conversationId } = state;
  const messages = toRequestMessages(state.order, state.messages);
  const { unstored, history } = unseenByServer(state.order, state.messages, conversationId, replaceFrom);
  const id = newId();
  appendMessage({ id, role: 'assistant', provider, model, reply: emptyMessage(), figures: {} });
  useChatStore.setState({ streaming: id });
  const abort = new AbortController();
  current = abort;
  await streamReply({
    replyId: id,
    body: { ...history, provider, model, messages, params },
    signal: abort.signal,
    // The conversation id comes in the headers, before any token: the server has this turn.
    onHeaders: (returnedId) => {
      if (!returnedId || useChatStore.getState().streaming !== id) return;
      useChatStore.setState({ conversationId: returnedId });
      markStored([...unstored, id]);
      followConversation(returnedId, !conversationId);
    },
  });
  // The chat may have moved on (New chat, another conversation) while this stream wound down.
  if (useChatStore.getState().streaming === id) useChatStore.setState({ streaming: undefined });
  if (current === abort) current = undefined;
  void refreshConversations();
}

/** Sends the user's message and streams the reply. */
export function sendMessage(text: string): void {
  if (useChatStore.getState().streaming) return;
  appendMessage({ id: newId(), role: 'user', content: text });
  void runReply();
}

/** Stops the running stream; the partial reply stays, marked stopped. */
export function stopStreaming(): void {
  current?.abort();
}

/** Replaces the last assistant reply with a new one, here and in the store. */
export function regenerate(assistantId: string): void {
  const state = useChatStore.getState();
  if (state.streaming) return;
  const position = storedPosition(state, assistantId);
  dropMessages(assistantId, 'at');
  void runReply(position);
}

/** Rewrites a user message and resends from there; the store drops what followed it too. */
export function editAndResend(userId: string, text: string): void {
  const state = useChatStore.getState();
  if (state.streaming) return;
  const position = storedPosition(state, userId);
  dropMessages(userId, 'after');
  useChatStore.setState((s) => ({ messages: { ...s.messages, [userId]: { id: userId, role: 'user', content: text } } }));
  void runReply(position);
}

/** Leaves the conversation for a new, empty one. A running stream goes on unseen: the server stores it whole. */
export function startNewChat(): void {
  resetChat();
}

/** Answers tool calls; once every call of the reply has a result, the turn continues. */
export function answerToolCalls(results: { callId: string; name: string; content: string }[]): void {
  if (useChatStore.getState().streaming || results.length === 0) return;
  appendMessage({ id: newId(), role: 'tool', content: results.map((r) => ({ type: 'tool-result', callId: r.callId, name: r.name, content: r.content })) });
  void runReply();
}

export function chooseModel(provider: string, model: string): void {
  useChatStore.setState({ provider, model });
}
