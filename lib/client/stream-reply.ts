import { emptyMessage } from '@/lib/assemble/message';
import type { EventLog } from '@/lib/event-log/event-log';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { ReplyFigures, UiMessage } from './chat-store';
import { createLog } from './event-logs';
import { flushFinal, requestFlush } from './frame-loop';
import { applyReplyDelta } from './reply-delta';
import { replyReader } from './reply-reader';
import type { ReplyUpdate, StreamNews } from './stream-protocol';

type AssistantPatch = Partial<Extract<UiMessage, { role: 'assistant' }>>;

export interface StreamOptions {
  /** The assistant message (already in the chat store) the reply streams into. */
  replyId: string;
  /** POST /api/chat's body. */
  body: Record<string, unknown>;
  signal: AbortSignal;
  /** The response headers arrived (before any token): the conversation id, if the server has the turn. */
  onHeaders?: (conversationId: string | null) => void;
  /** Each chunk read: the time since the request and the token-bearing events so far (the compare chart). */
  onProgress?: (at: number, tokenEvents: number) => void;
}

/**
 * One reply, from POST /api/chat to its last byte: read off the page (reply-reader.ts),
 * its news rebuilt here into the reply and its event log, and into the chat store at
 * most once per frame. Resolves when the reply is final.
 */
export function streamReply({ replyId: id, body, signal, onHeaders, onProgress }: StreamOptions): Promise<void> {
  let reply = emptyMessage();
  let figures: ReplyFigures = {};
  let protocol: ProtocolId | undefined;
  let log: EventLog | undefined;
  const current = (): AssistantPatch => ({ ...(protocol ? { protocol } : {}), reply, figures });
  const apply = (update: ReplyUpdate) => {
    reply = applyReplyDelta(reply, update.delta);
    figures = { firstToken: update.firstToken, firstAnswer: update.firstAnswer };
    log?.receive(update.entries, update.exchange);
    for (const [at, tokens] of update.progress) onProgress?.(at, tokens);
  };

  return new Promise((resolve) => {
    const finish = (patch: AssistantPatch) => {
      log?.end();
      void flushFinal(id, () => ({ ...current(), ...patch })).then(resolve);
    };
    const hear = (news: StreamNews) => {
      switch (news.type) {
        case 'headers':
          onHeaders?.(news.conversationId);
          protocol = news.protocol;
          if (protocol) log = createLog(id, protocol);
          return;
        case 'progress':
          apply(news.update);
          return requestFlush(id, current);
        case 'end':
          apply(news.update);
          return finish({
            figures: { ...figures, ...(news.end !== undefined ? { end: news.end } : {}) },
            ...(news.preError ? { preError: news.preError } : {}),
            ...(news.connectionLost ? { connectionLost: true } : {}),
          });
        case 'lost':
          return finish({ reply: { ...reply, status: 'error', error: { message: news.message } }, connectionLost: true });
      }
    };
    replyReader.read({ type: 'start', id, body, startedAt: performance.timeOrigin + performance.now() }, signal, hear);
  });
}
