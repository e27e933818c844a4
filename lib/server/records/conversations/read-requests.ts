import 'server-only';
import { ListQuerySchema, NewCompareSchema, RenameSchema } from '@/lib/api/conversation-requests';
import { BlindVoteSchema } from '@/lib/api/blind';
import { isCursor } from '@/lib/server/store/conversation-store';
import { parseOr400, readJsonBody } from '@/lib/server/http/validate';

const SMALL_BODY_BYTES = 16 * 1024;
const ListQuery = ListQuerySchema.refine((q) => q.cursor === undefined || isCursor(q.cursor), {
  path: ['cursor'],
  message: 'is not a cursor this server gave',
});

/** GET /api/conversations?q=&cursor=&limit= */
export function readListQuery(url: string) {
  return parseOr400(ListQuery, Object.fromEntries(new URL(url).searchParams), 'query');
}

/** PATCH /api/conversations/{id}'s body. */
export function readRename(request: Request) {
  return readJsonBody(request, RenameSchema, SMALL_BODY_BYTES);
}

/** POST /api/compares's body. */
export function readNewCompare(request: Request) {
  return readJsonBody(request, NewCompareSchema, SMALL_BODY_BYTES);
}

/** POST /api/compares/{id}/vote's body. */
export function readBlindVote(request: Request) {
  return readJsonBody(request, BlindVoteSchema, SMALL_BODY_BYTES);
}
