import { z } from 'zod';
import { ApiError } from '../http-errors';
import { isUuid } from '../ids';
import { store } from '../store';
import { isCursor } from '../store/sql-store';
import type { CompareSession, Conversation, ConversationStore, StoredEvents } from '../store/types';
import { repliesSettled } from '../chat/settling-replies';
import { parseOr400, readJsonBody } from '../validate';

export const MAX_TITLE_LENGTH = 200;

const ListQuerySchema = z
  .object({
    q: z.string().max(500).optional(),
    cursor: z.string().refine(isCursor, 'is not a cursor this server gave').optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

/** GET /api/conversations?q=&cursor=&limit= */
export function readListQuery(url: string) {
  return parseOr400(ListQuerySchema, Object.fromEntries(new URL(url).searchParams), 'query');
}

const RenameSchema = z.object({ title: z.string().trim().min(1, 'must not be empty').max(MAX_TITLE_LENGTH) }).strict();

/** PATCH /api/conversations/{id}'s body. */
export function readRename(request: Request): Promise<z.infer<typeof RenameSchema>> {
  return readJsonBody(request, RenameSchema, 16 * 1024);
}

const NewCompareSchema = z.object({ title: z.string().trim().min(1, 'must not be empty').max(MAX_TITLE_LENGTH) }).strict();

/** POST /api/compares's body. */
export function readNewCompare(request: Request): Promise<z.infer<typeof NewCompareSchema>> {
  return readJsonBody(request, NewCompareSchema, 16 * 1024);
}

export const conversationNotFound = (id: string) => new ApiError(404, 'not_found', `Unknown conversation "${id}".`);

/** The store and a checked id: anything but a UUID is a 404 before any query runs. */
export async function storeFor(id: string): Promise<ConversationStore> {
  if (!isUuid(id)) throw conversationNotFound(id);
  return store();
}

export const compareNotFound = (id: string) => new ApiError(404, 'not_found', `Unknown compare session "${id}".`);

/** Reads see every reply that has ended as it ended (see settling-replies). */
export async function loadConversation(id: string): Promise<Conversation | undefined> {
  if (!isUuid(id)) return undefined;
  await repliesSettled();
  return (await store()).getConversation(id);
}

export async function loadCompare(id: string): Promise<CompareSession | undefined> {
  if (!isUuid(id)) return undefined;
  await repliesSettled();
  return (await store()).getCompare(id);
}

export async function loadReplyEvents(id: string, messageId: string): Promise<StoredEvents | undefined> {
  const db = await storeFor(id);
  if (!isUuid(messageId)) return undefined;
  await repliesSettled();
  return db.replyEvents(id, messageId);
}
