import 'server-only';
import type { User } from '@/lib/api/users';
import { replyStreams } from './reply-streams';
import type { StreamMeta } from '@/lib/server/streams/live/live-streams';

/** True when `user` asked for the stream (one from before sign-in, without a user, is `local`'s). */
export function streamOwnedBy(meta: StreamMeta, user: User): boolean {
  return (meta.userId ?? 'local') === user.id;
}

/**
 * A client's requestId among its user's own: two users' pages that made the same id
 * never attach to, or stop, each other's reply (LibreChat CVE-2026-31950 let any user
 * read any stream).
 */
export function ownRequestId(user: User, requestId: string): string {
  return `${user.id}:${requestId}`;
}

/**
 * The stream `id` names for `user`: a reply's stream of theirs, or the one their request
 * `id` started; undefined otherwise (on any instance: the meta travels with the stream).
 */
export async function ownedStreamId(user: User, id: string): Promise<string | undefined> {
  const reader = await replyStreams().read(id, 0);
  if (reader) {
    reader.release();
    return streamOwnedBy(reader.meta, user) ? id : undefined;
  }
  return ownRequestId(user, id);
}
