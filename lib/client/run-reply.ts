import { StreamReader } from '@/lib/assemble/stream-reader';
import { emptyMessage } from '@/lib/assemble/message';
import type { ProtocolId } from '@/lib/protocols/ids';
import { appendMessage, truncateAfter, useChatStore, type PreStreamError, type UiMessage } from './chat-store';
import { toRequestMessages } from './conversation';
import { flushNow, requestFlush } from './frame-loop';
import { snapshotOf } from './snapshot';

let current: AbortController | undefined;

const newId = () => crypto.randomUUID();

async function preStreamError(response: Response): Promise<PreStreamError> {
  try {
    const body = (await response.json()) as { error?: { type?: string; message?: string } };
    return { status: response.status, type: body.error?.type ?? 'error', message: body.error?.message ?? response.statusText };
  } catch {
    return { status: response.status, type: 'error', message: `HTTP ${response.status} ${response.statusText}` };
  }
}

/** Streams the assistant's reply to the conversation as it stands. */
async function runReply(): Promise<void> {
  const state = useChatStore.getState();
  if (!state.provider || !state.model || state.streaming) return;
  const { provider, model, params, conversationId } = state;
  const messages = toRequestMessages(state.order, state.messages);
  const id = newId();
  appendMessage({ id, role: 'assistant', provider, model, reply: emptyMessage(), figures: {} });
  useChatStore.setState({ streaming: id });
  const abort = new AbortController();
  current = abort;
  const started = performance.now();
  const since = () => performance.now() - started;

  const finish = (patch: Partial<Extract<UiMessage, { role: 'assistant' }>>) => {
    flushNow(id, () => patch);
    useChatStore.setState({ streaming: undefined });
    current = undefined;
  };

  let response: Response;
  try {
    response = await fetch('/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...(conversationId ? { conversationId } : {}), provider, model, messages, params }),
      signal: abort.signal,
    });
  } catch (error) {
    const stopped = abort.signal.aborted;
    return finish({
      reply: emptyMessage(stopped ? 'stopped' : 'error'),
      preError: stopped ? undefined : { status: 0, type: 'network', message: `Cannot reach the Sluice server: ${(error as Error).message}` },
    });
  }
  // The conversation id comes in the headers, before any token.
  const returnedId = response.headers.get('x-conversation-id');
  if (returnedId) useChatStore.setState({ conversationId: returnedId });
  if (!response.ok || !response.body) return finish({ reply: emptyMessage('error'), preError: await preStreamError(response), figures: { end: since() } });

  const reader = new StreamReader(response.headers.get('x-sluice-protocol') as ProtocolId);
  const body = response.body.getReader();
  let outcome: 'ended' | 'stopped' = 'ended';
  let connectionLost = false;
  try {
    for (;;) {
      const { done, value } = await body.read();
      if (done) break;
      reader.push(value, since());
      requestFlush(id, () => ({ reply: snapshotOf(reader.snapshot()), figures: { firstToken: reader.firstTokenAt, firstAnswer: reader.firstAnswerAt } }));
    }
  } catch {
    if (abort.signal.aborted) outcome = 'stopped';
    else connectionLost = true;
  }
  const final = reader.finish(outcome, since());
  // Without the BFF's end marker (read by finish: it is the stream's last line), it was our connection to the server that ended.
  if (outcome === 'ended' && !reader.bffEnd) connectionLost = true;
  finish({ reply: snapshotOf(final), figures: { firstToken: reader.firstTokenAt, firstAnswer: reader.firstAnswerAt, end: since() }, connectionLost });
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

/** Replaces the last assistant reply with a new one. */
export function regenerate(assistantId: string): void {
  if (useChatStore.getState().streaming) return;
  truncateAfter(assistantId, false);
  void runReply();
}

/** Rewrites a user message and resends from there. */
export function editAndResend(userId: string, text: string): void {
  if (useChatStore.getState().streaming) return;
  truncateAfter(userId, true);
  useChatStore.setState((s) => ({ messages: { ...s.messages, [userId]: { id: userId, role: 'user', content: text } } }));
  void runReply();
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
