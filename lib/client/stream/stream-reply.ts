import { StreamReader } from '@/lib/assemble/stream-reader';
import { emptyMessage } from '@/lib/assemble/message';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { ChatRequestBody } from '@/lib/api/chat';
import { CHAT_HEADERS } from '@/lib/api/headers';
import { api, readApiError, type ApiCallError } from '../api';
import { flushFinal, requestFlush, type AssistantPatch } from '../chat/chat-store';
import { createLog } from '../event-log/event-logs';
import { replyPatch } from './reply-patch';


/** What the chat store keeps of a failure before streaming: plain data, not the error object. */
const preStreamError = ({ status, type, message }: ApiCallError) => ({ status, type, message });

export interface StreamOptions {
  /** The assistant message (already in the chat store) the reply streams into. */
  replyId: string;
  /** POST /api/chat's body. */
  body: ChatRequestBody;
  signal: AbortSignal;
  /** The response headers arrived (before any token): the conversation id, if the server has the turn. */
  onHeaders?: (conversationId: string | null) => void;
  /** Each chunk read: the time since the request and the token-bearing events so far (the compare chart). */
  onProgress?: (at: number, tokenEvents: number) => void;
}

/**
 * One reply, from POST /api/chat to its last byte: the headers first, then every chunk
 * through the same StreamReader the server uses, into the chat store at most once per
 * frame, with an event log beside it. Resolves when the reply is final.
 *
 * It reads on the page, not in a worker: a worker (commit 9064fe6, reverted) cut the
 * main thread's CPU time by 13–25%, but on the two shared cores the ui bench runs on
 * its thread took turns with the page's, and the page's script, style and layout took
 * 19–50% longer.
 */
export async function streamReply({ replyId: id, body, signal, onHeaders, onProgress }: StreamOptions): Promise<void> {
  const started = performance.now();
  const since = () => performance.now() - started;
  const finish = (patch: AssistantPatch) => flushFinal(id, () => patch);

  let response: Response;
  try {
    response = await api.startChat(body, signal);
  } catch (error) {
    const stopped = signal.aborted;
    return finish({ reply: emptyMessage(stopped ? 'stopped' : 'error'), preError: stopped ? undefined : preStreamError(error as ApiCallError) });
  }
  onHeaders?.(response.headers.get(CHAT_HEADERS.conversationId));
  if (!response.ok || !response.body) return finish({ reply: emptyMessage('error'), preError: preStreamError(await readApiError(response)), figures: { end: since() } });

  const protocol = response.headers.get(CHAT_HEADERS.protocol) as ProtocolId;
  const log = createLog(id, protocol);
  const reader = new StreamReader(protocol, log.record, { markerNonce: response.headers.get(CHAT_HEADERS.markerNonce) ?? undefined });
  const chunks = response.body.getReader();
  let outcome: 'ended' | 'stopped' = 'ended';
  let connectionLost = false;
  try {
    for (;;) {
      const { done, value } = await chunks.read();
      if (done) break;
      const at = since();
      reader.push(value, at);
      onProgress?.(at, reader.tokenEvents);
      requestFlush(id, () => ({ protocol, ...replyPatch(reader) }));
    }
  } catch {
    if (signal.aborted) outcome = 'stopped';
    else connectionLost = true;
  }
  const final = reader.finish(outcome, since());
  log.end();
  // Without the BFF's end marker (read by finish: it is the stream's last line), it was our connection to the server that ended.
  if (outcome === 'ended' && !reader.bffEnd) connectionLost = true;
  await finish({ protocol, ...replyPatch(reader, final, since()), connectionLost });
}
