import 'server-only';
import type { User } from '@/lib/api/users';
import { repliesSettled } from '@/lib/server/store/settling-replies';
import { ApiError } from '@/lib/server/http/errors';
import { isUuid } from '@/lib/server/platform/ids';
import type { Conversation } from '@/lib/server/store/types';
import { storeFor } from '@/lib/server/views/conversations';

/**
 * Shows a version of its turn (‹ 2/3 ›): the conversation's path goes through it from
 * now on, for every reader, and the conversation as it then shows is the answer. While a
 * reply of it streams its path is that reply's: 409.
 */
export async function showVersion(user: User, id: string, messageId: string): Promise<Conversation> {
  const db = await storeFor(user, id);
  const notFound = new ApiError(404, 'not_found', `No message "${messageId.slice(0, 100)}" in conversation "${id}".`);
  if (!isUuid(messageId)) throw notFound;
  // A reply that just ended is stored as ended first: it no longer holds the path.
  await repliesSettled();
  const shown = await db.showVersion(id, messageId);
  if (shown === 'busy')
    throw new ApiError(409, 'reply_streaming', 'A reply of this conversation is streaming; show another version once it ends.');
  if (!shown) throw notFound;
  return shown;
}
