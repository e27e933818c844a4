import { route } from '@/lib/server/host/api-route';
import { createShare, listShares } from '@/lib/server/records/shares';
import { readNewShare } from '@/lib/server/records/shares/read-requests';

export const dynamic = 'force-dynamic';

/** A snapshot of a conversation, a compare session or a diff of the caller's, behind a new link (shown this once). */
export const POST = route(async (request: Request, _context, user) =>
  Response.json(await createShare(user, await readNewShare(request)), { status: 201 }),
);

/** The caller's own shares, without their tokens. */
export const GET = route(async (_request: Request, _context, user) => Response.json({ shares: await listShares(user) }));
