import { emptyMessage } from '@/lib/assemble/message';
import type { ChatRequestBody } from '@/lib/api/chat';
import type { ReplayOf } from '@/lib/api/providers';
import { toRequestMessages, unseenByServer } from './request-messages';
import type { Thread, ThreadHost } from './thread-host';
import type { UiMessage } from './ui-message';

export const newId = () => crypto.randomUUID();

/**
 * The request of a turn on the thread as it stands: what the host adds, the messages,
 * and a new request id; `unstored`: the thread's messages the server has once it has the
 * turn. `replaceFrom`: the stored position the turn replaces from (a regenerate, an edit).
 */
export function turnRequest(
  host: ThreadHost,
  thread: Thread & { provider: string; model: string },
  replaceFrom?: number,
): { body: ChatRequestBody; requestId: string; unstored: string[] } {
  const messages = host.messages();
  const { unstored, history } = unseenByServer(thread.order, messages, thread.conversationId, replaceFrom);
  const requestId = newId();
  const body: ChatRequestBody = {
    ...host.extras?.(),
    ...(history ?? host.firstTurn?.()),
    provider: thread.provider,
    model: thread.model,
    messages: toRequestMessages(thread.order, messages),
    requestId,
  };
  return { body, requestId, unstored };
}

/**
 * The reply a turn streams into, empty yet, beside `versions` if it has any. Its request
 * starts now, as far as its progress line goes: the stream restates it from its own start
 * a moment later. A reply joined instead learns it from the server's clock.
 */
export function pendingReply(id: string, provider: string, model: string, versions?: string[], replayOf?: ReplayOf): UiMessage {
  return {
    id,
    role: 'assistant',
    provider,
    model,
    ...(replayOf ? { replayOf } : {}),
    reply: emptyMessage(),
    figures: {},
    startedAt: performance.now(),
    ...(versions ? { versions } : {}),
  };
}
