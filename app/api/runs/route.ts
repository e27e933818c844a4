import { route } from '@/lib/server/host/api-route';
import { readRunQuery } from '@/lib/server/views/run-requests';
import { listRuns } from '@/lib/server/views/runs';

export const dynamic = 'force-dynamic';

/** The caller's agent runs, newest first (docs/contract.md "Runs"). */
export const GET = route(async (request: Request, _context: unknown, user) =>
  Response.json(await listRuns(user.id, readRunQuery(request.url))),
);
