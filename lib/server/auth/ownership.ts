import 'server-only';
import type { User } from '@/lib/api/users';
import { conversationNotFound } from '@/lib/server/http/not-found';
import { isUuid } from '@/lib/server/platform/ids';
import { store } from '../store';
import type { ConversationStore } from '../store/types';

/**
 * The store, once `id` is a conversation (a chat, a compare session or a pane) the
 * caller owns. Anything else is the same 404 as an id that never existed: another
 * user's work is not even said to exist (Open WebUI CVE-2026-45349 continued another
 * user's chat by its id).
 */
export async function ownedConversation(user: User, id: string): Promise<ConversationStore> {
  if (!(await ownsConversation(user, id))) throw conversationNotFound(id);
  return store();
}

/** True when `id` is a conversation (a chat, a compare session or a pane) that `user` owns. */
export async function ownsConversation(user: User, id: string): Promise<boolean> {
  return isUuid(id) && (await (await store()).ownerOf(id)) === user.id;
}

/** Passed as the owner by reads whose caller was checked another way (a replay's grant): any owner's row. */
export const ANY_OWNER = '*';
