import { route } from '@/lib/server/host/api-route';
import { createBlindCompare } from '@/lib/server/views/blind/blind-session';
import { readNewCompare } from '@/lib/server/records/conversations/read-requests';
import { uuidv7 } from '@/lib/server/platform/ids';
import { store } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

/**
 * Starts a compare session; its panes join it through POST /api/chat's `compare`. With
 * `blind` (the models to race), a blind race: the server seats them, and answers labels.
 */
export const POST = route(async (request: Request, _context: unknown, user) => {
  const { title, blind } = await readNewCompare(request);
  const db = await store();
  const session = blind
    ? await createBlindCompare(db, user, title, blind)
    : await db.createCompare({ id: uuidv7(), title, ownerId: user.id });
  return Response.json(session, { status: 201 });
});
