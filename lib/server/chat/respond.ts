import 'server-only';
import type { User } from '@/lib/api/users';
import { streamOwnedBy } from './owned-stream';
import { CHAT_HEADERS } from '@/lib/api/headers';
import { sseResponse } from '@/lib/http/sse';
import { ApiError } from '@/lib/server/http/errors';
import { readableOf } from '@/lib/server/streams/live';
import { replyStreams } from './reply-streams';
import type { StopReason } from '@/lib/server/streams/live/live-streams';

/**
 * Stream `id` from byte `from` on, as an HTTP answer with the first response's
 * headers, and the reply's clock as this one's leave (`x-sluice-clock`, on the clock
 * GET /api/chat/{id}/times reads); a stream abandoned before its first byte answers the
 * error it ended with. Undefined when there is no such stream (unknown, or past its retention).
 */
export async function streamAnswer(user: User, id: string, from = 0): Promise<Response | undefined> {
  const reader = await replyStreams().read(id, from);
  if (!reader) return undefined;
  if (!streamOwnedBy(reader.meta, user)) {
    reader.release();
    return undefined;
  }
  const failure = await reader.opened();
  if (failure) {
    reader.release();
    return Response.json(failure.body, { status: failure.status });
  }
  const clock = String(Math.max(0, Date.now() - reader.meta.startedAt));
  return sseResponse(readableOf(reader), { headers: { ...reader.meta.headers, [CHAT_HEADERS.clock]: clock } });
}

/** The 404 for a reply whose stream is not (or no longer) here. */
export function noSuchStream(id: string): ApiError {
  return new ApiError(
    404,
    'not_found',
    `No reply stream ${id} here: it never existed, or it ended more than SLUICE_STREAM_RETENTION_MS ago (the stored conversation has it).`,
  );
}

/** What a reply stopped for any reason but the reader's own Stop says in its end marker and its stored reply. */
export function stopMessage(reason: StopReason): string {
  switch (reason.kind) {
    case 'requested':
      return 'Stopped.';
    case 'unwatched':
      return `Stopped: nobody read this reply for ${Math.round(reason.limitMs / 1000)} s (SLUICE_UNWATCHED_LIMIT_MS).`;
    case 'server-stopping':
      return 'Stopped: the server stopped.';
  }
}
