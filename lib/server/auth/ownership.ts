import 'server-only';
import type { User } from '@/lib/api/users';
import { conversationNotFound } from '../conversations/not-found';
import { isUuid } from '../ids';
import { store } from '../store';
import type { ConversationStore } from '../store/types';

/**
 * The store, once `id` is a conversation (a chat, a compare session or a pane) the
 * caller owns. Anything else is the same 404 as an id that never existed: another
 * user's work is not even said to exist (Open WebUI CVE-2026-45349 continued another
 * user's chat by its id).
 */
export async function ownedConversation(user: User, id: string): Promise<ConversationStore> {
  if (!isUuid(id)) throw conversationNotFound(id);
  const db = await store();
  if ((await db.ownerOf(id)) !== user.id) throw conversationNotFound(id);
  return db;
}

/** Passed as the owner by reads whose caller was checked another way (a replay's grant): any owner's row. */
export const ANY_OWNER = '*';
