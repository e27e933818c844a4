import 'server-only';
import { CHAT_HEADERS } from '@/lib/api/headers';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { Orphan } from '@/lib/server/streams/live/redis/redis-live-streams';
import { store } from '../store';
import { logReplyEnd } from './reply-log';
import { toStoredReply } from './reply-writer';
import { keptOf } from '@/lib/server/streams/live/kept-bytes';
import { readServerCopy } from '@/lib/server/streams/server-copy/server-copy';
import { relaySettings } from '@/lib/server/streams/settings';

/**
 * Stores the reply of an instance that died mid-stream (several instances, Redis): the
 * bytes it had written, read as its own copy would have read them, ending with the
 * server-lost marker, so the reply is an error that says what happened and keeps what
 * streamed. Left alone if that instance stored it before it died.
 */
export async function storeOrphanReply({ id, meta, chunks }: Orphan): Promise<void> {
  const conversationId = meta.headers[CHAT_HEADERS.conversationId];
  const protocol = meta.headers[CHAT_HEADERS.protocol] as ProtocolId | undefined;
  if (!conversationId || !protocol || !meta.origin) return;
  const settings = relaySettings();
  const end = chunks.at(-1)?.at ?? 0;
  const read = await readServerCopy(protocol, keptOf(chunks), 'ended', end, {
    maxBytes: settings.eventLogMaxBytes,
    markerNonce: meta.headers[CHAT_HEADERS.markerNonce] ?? '',
    limits: settings.limits,
  });
  const timings = {
    requestStart: meta.startedAt,
    end,
    firstToken: read.firstTokenAt,
    firstAnswer: read.firstAnswerAt,
    lastToken: read.lastTokenAt,
    tokenEvents: read.tokenEvents,
  };
  const reply = toStoredReply(
    read.message,
    { id: meta.origin.provider, protocol },
    meta.origin.model,
    timings,
    meta.origin.pricing,
    meta.origin.replayOf,
  );
  logReplyEnd(reply, { messageId: id, provider: meta.origin.provider, model: meta.origin.model });
  await (await store()).saveReply(conversationId, id, reply, read.events, { ifStreaming: true });
}
