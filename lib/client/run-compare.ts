import { emptyMessage } from '@/lib/assemble/message';
import { titleFrom } from '@/lib/conversation-title';
import type { CompareSession } from '@/lib/api/conversations';
import { api } from './api';
import { appendMessage, markStored, resetChat, storedPosition, useChatStore } from './chat-store';
import { MAX_PANES, MIN_PANES, newPane, paneOf, race, raceSeries, updatePane, useCompareStore, type Pane } from './compare-store';
import { conversationActive, refreshConversations } from './conversation-list';
import { RaceSeries } from './race-series';
import { toRequestMessages, unseenByServer } from './request-messages';
import { uiMessagesOf } from './from-stored';
import { streamReply } from './stream-reply';

const aborts = new Map<string, AbortController>();
const newId = () => crypto.randomUUID();

/** Opens a compare session (stored, or a new one with these models). */
export function openCompare(session: CompareSession | undefined, initial: { provider: string; model: string }[]): void {
  aborts.forEach((a) => a.abort());
  aborts.clear();
  raceSeries.clear();
  const stored = (session?.panes ?? []).map(uiMessagesOf);
  const panes: Pane[] = session
    ? session.panes.map((c, i) => {
        const last = stored[i]!.findLast((m) => m.role === 'assistant');
        const pane = last?.role === 'assistant' ? newPane(last.provider, last.model) : newPane();
        return { ...pane, conversationId: c.id, order: stored[i]!.map((m) => m.id) };
      })
    : initial.map((m) => newPane(m.provider, m.model));
  resetChat(undefined, stored.flat());
  useCompareStore.setState({ compareId: session?.id, panes });
}

export function addPane(): void {
  const { panes } = useCompareStore.getState();
  if (panes.length >= MAX_PANES) return;
  const last = panes.at(-1);
  useCompareStore.setState({ panes: [...panes, newPane(last?.provider, last?.model)] });
}

export function removePane(key: string): void {
  const { panes } = useCompareStore.getState();
  if (panes.length <= MIN_PANES) return;
  aborts.get(key)?.abort();
  useCompareStore.setState({ panes: panes.filter((p) => p.key !== key) });
}

export function choosePaneModel(key: string, provider: string, model: string): void {
  updatePane(key, { provider, model });
}

/** Streams a reply in one pane, its conversation continued (or started as the session's pane). */
async function runPane(key: string, replaceFrom?: number): Promise<void> {
  const pane = paneOf(key);
  const { compareId, panes } = useCompareStore.getState();
  if (!pane?.provider || !pane.model || pane.streaming || !compareId) return;
  const { messages } = useChatStore.getState();
  const { unstored, history: stored } = unseenByServer(pane.order, messages, pane.conversationId, replaceFrom);
  // A pane's first turn starts its conversation as the session's pane.
  const history = stored ?? { compare: { id: compareId, pane: panes.indexOf(pane) } };
  const id = newId();
  appendMessage({ id, role: 'assistant', provider: pane.provider, model: pane.model, reply: emptyMessage(), figures: {} });
  updatePane(key, (p) => ({ order: [...p.order, id], streaming: id }));
  const abort = new AbortController();
  aborts.set(key, abort);
  const series = new RaceSeries();
  raceSeries.set(key, series);
  race.running++;
  try {
    // Each pane's request starts in a task of its own: with all of them in the Send
    // handler, their fetches (about 2 ms each here) and the render of the new messages
    // made one long frame.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const offset = performance.now() - race.startedAt;
    await streamReply({
      replyId: id,
      body: { ...history, provider: pane.provider, model: pane.model, messages: toRequestMessages(pane.order, messages) },
      signal: abort.signal,
      onHeaders: (conversationId) => {
        if (!conversationId) return;
        markStored([...unstored, id]);
        updatePane(key, { conversationId });
      },
      onProgress: (at, tokens) => series.add(offset + at, tokens),
    });
  } finally {
    race.running--;
    if (aborts.get(key) === abort) aborts.delete(key);
    updatePane(key, (p) => (p.streaming === id ? { streaming: undefined } : {}));
  }
}

/** Sends one message to every pane at once; the first send creates the session (and moves the URL to it). */
export async function sendToAll(text: string): Promise<void> {
  const state = useCompareStore.getState();
  if (state.panes.some((p) => p.streaming) || state.panes.some((p) => !p.model)) return;
  if (!state.compareId) {
    const title = titleFrom(text);
    const { id } = await api.createCompare(title);
    useCompareStore.setState({ compareId: id });
    window.history.replaceState(null, '', `/compare/${id}`);
    conversationActive(id, title, 'compare');
  }
  race.startedAt = performance.now();
  raceSeries.clear();
  const panes = useCompareStore.getState().panes;
  for (const pane of panes) {
    const messageId = newId();
    appendMessage({ id: messageId, role: 'user', content: text });
    updatePane(pane.key, (p) => ({ order: [...p.order, messageId] }));
  }
  await Promise.all(panes.map((p) => runPane(p.key)));
  void refreshConversations();
}

export function stopPane(key: string): void {
  aborts.get(key)?.abort();
}

export function stopAll(): void {
  aborts.forEach((a) => a.abort());
}

/** Runs a pane's last turn again: its last reply is replaced, here and in the store. */
export function retryPane(key: string): void {
  const pane = paneOf(key);
  const last = pane?.order.findLast((k) => useChatStore.getState().messages[k]?.role === 'assistant');
  if (!pane || !last || pane.streaming) return;
  const position = storedPosition({ order: pane.order, messages: useChatStore.getState().messages }, last);
  updatePane(key, (p) => ({ order: p.order.slice(0, p.order.indexOf(last)) }));
  race.startedAt = performance.now();
  void runPane(key, position).then(() => refreshConversations());
}

/** Answers a pane's tool calls, and its turn goes on. */
export function answerPaneToolCalls(key: string, results: { callId: string; name: string; content: string }[]): void {
  const pane = paneOf(key);
  if (!pane || pane.streaming || results.length === 0) return;
  const id = newId();
  appendMessage({ id, role: 'tool', content: results.map((r) => ({ type: 'tool-result', callId: r.callId, name: r.name, content: r.content })) });
  updatePane(key, (p) => ({ order: [...p.order, id] }));
  race.startedAt = performance.now();
  void runPane(key);
}

/** "Continue with this one": the pane's conversation, copied into a normal chat; resolves to its id. */
export async function continueWith(pane: Pane): Promise<string> {
  const { id } = await api.forkConversation(pane.conversationId!);
  void refreshConversations();
  return id;
}
