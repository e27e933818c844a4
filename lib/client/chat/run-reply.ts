import type { CapturedChat } from '@/lib/api/captures';
import { REPLAY_PROVIDER, type ReplayOf } from '@/lib/api/providers';
import type { ChatParams } from '@/lib/protocols/conversation';
import { titleFrom } from '@/lib/conversation-title';
import { resetChat, useChatStore } from './chat-store';
import { conversationActive, conversationIdle, refreshConversations } from '../history/conversation-list';
import { keepMessages, useMessagePool } from '../thread/message-pool';
import { poolHost } from '../thread/pool-host';
import { createThreadRunner, type Thread, type ToolResult } from '../thread/thread-runner';
import { storedReplyId, type UiMessage } from '../thread/ui-message';
import { capturedThread } from '../traffic/captured-thread';

/** The page follows the conversation: `/c/{id}`, without a reload, and the sidebar shows it at once. */
function followConversation(id: string, started: boolean): void {
  if (window.location.pathname !== `/c/${id}`) window.history.replaceState(null, '', `/c/${id}`);
  const { order, model } = useChatStore.getState();
  const { messages } = useMessagePool.getState();
  const first = order.map((k) => messages[k]).find((m) => m?.role === 'user');
  conversationActive(
    id,
    started ? titleFrom(first?.role === 'user' ? first.content : '') : '',
    'chat',
    model ? [model] : undefined,
  );
}

/** The chat is one thread: its state is the chat store's own, its messages the pool's. */
const chat = createThreadRunner({
  ...poolHost,
  read: () => useChatStore.getState(),
  write: (patch) => {
    const state = useChatStore.getState();
    const change: Partial<Thread> = typeof patch === 'function' ? patch(state) : patch;
    useChatStore.setState(change);
    // Messages cut from the chat's order (or another version's, shown in their place) leave
    // the pool with it, so the conversation's cost counts the messages shown: after the
    // order, so it never names one the pool lacks.
    if (change.order && state.order.some((id) => !new Set(change.order).has(id))) keepMessages(change.order);
  },
  extras: () => ({ params: useChatStore.getState().params }),
  onConversation: followConversation,
  afterRun: (ended) => {
    const { conversationId } = useChatStore.getState();
    if (ended && conversationId) conversationIdle(conversationId);
    void refreshConversations();
  },
});

/** Sends the user's message and streams the reply. */
export function sendMessage(text: string): void {
  void chat.send(text);
}

/** Stops the running stream; the partial reply stays, marked stopped. */
export const stopStreaming = () => chat.stop();

/** A new reply in place of this one; the old one stays, as another version. */
export function regenerate(assistantId: string): void {
  void chat.regenerate(assistantId);
}

/** Rewrites a user message and resends from there; the old one and what followed it stay, as another version. */
export function editAndResend(userId: string, text: string): void {
  void chat.edit(userId, text);
}

/** Shows another version of a turn (its server id) in place of the one shown. */
export function showVersion(versionId: string): Promise<boolean> {
  return chat.showVersion(versionId);
}

/** Answers tool calls; once every call of the reply has a result, the turn continues. */
export function answerToolCalls(results: ToolResult[]): void {
  void chat.answerTools(results);
}

/** Leaves the conversation for a new, empty one. A running reply goes on unseen: the server stores it whole. */
export function startNewChat(): void {
  openChat();
}

/**
 * Opens a conversation (none: a new chat) in place of the one shown: the reply this
 * page was reading goes on, on the server; a reply of the opened one still streaming
 * (a reload, a second tab) is picked up live.
 */
export function openChat(conversationId?: string, messages: UiMessage[] = []): void {
  chat.detach();
  resetChat(conversationId, messages);
  const last = messages.at(-1);
  if (last?.role === 'assistant' && last.reply.status === 'streaming') void chat.join(last.id);
}

/**
 * Opens a captured conversation ("Open in chat" on the Traffic page) as a new chat: its
 * messages and the reply it got, its system prompt among them, its tools and parameters
 * in the chat's. Nothing is stored until the first request (a send, a regenerate), which
 * carries it all and starts the conversation.
 */
export function openCapturedChat(captured: CapturedChat): void {
  openChat(undefined, capturedThread(captured));
  useChatStore.setState({ params: captured.params });
}

/**
 * Opens a recording's replay as a new chat: the messages it answered, on the replay
 * provider's model for it (the recording's id). Its one turn, sent by `chat.run()`,
 * goes to `/replay/{id}`, which serves the stream again at its recorded pace; the server
 * reads it with the recording's own protocol, so its reply and event log are there to
 * set beside the original's.
 */
function openReplay(messages: UiMessage[], recordingId: string, replayOf: ReplayOf, params?: ChatParams): void {
  openChat(undefined, messages);
  if (params) useChatStore.setState({ params });
  chooseModel(REPLAY_PROVIDER, recordingId, replayOf);
}

/** "Replay" on a reply of the chat: a new chat of what came before it, the reply replayed. */
export function replayReply(assistantId: string): void {
  const { order } = useChatStore.getState();
  const { messages } = useMessagePool.getState();
  const reply = messages[assistantId];
  const id = reply?.role === 'assistant' ? storedReplyId(reply) : undefined;
  if (!id || reply?.role !== 'assistant') return;
  // A replay of a replay re-runs what the first one did.
  openReplay(
    order.slice(0, order.indexOf(assistantId)).flatMap((k) => messages[k] ?? []),
    id,
    reply.replayOf ?? { provider: reply.provider, model: reply.model },
  );
  void chat.run();
}

/** Captures whose replay this page has sent: a page rendered again does not send it twice. */
const replayed = new WeakSet<CapturedChat>();

/**
 * "Replay" on a capture (`/?capture={id}&replay`), in two steps: opened as the page first
 * renders (so it shows at once), sent once the page is on screen. A render may be set aside
 * during a navigation: a request sent from it would move the address (`/c/{id}`) under a
 * navigation not yet done.
 */
export const openCapturedReplay = (captured: CapturedChat) =>
  openReplay(
    capturedThread({ ...captured, reply: undefined }),
    captured.captureId,
    { provider: captured.provider, model: captured.model },
    captured.params,
  );

export function sendCapturedReplay(captured: CapturedChat): void {
  if (replayed.has(captured)) return;
  replayed.add(captured);
  void chat.run();
}

/** The chat's model from now on; `replayOf`: on the replay provider, the recording's provider and model (see ReplayOf). */
export function chooseModel(provider: string, model: string, replayOf?: ReplayOf): void {
  useChatStore.setState({ provider, model, replayOf: provider === REPLAY_PROVIDER ? replayOf : undefined });
}
