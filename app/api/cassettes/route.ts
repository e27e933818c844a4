import { route } from '@/lib/server/host/api-route';
import { cassetteSummaries } from '@/lib/server/proxy/cassettes/read-cassettes';

export const dynamic = 'force-dynamic';

/** The proxy's cassettes (`SLUICE_CASSETTE_DIR`), by name. */
export const GET = route(async (_request: Request, _context: unknown, user) =>
  Response.json({ items: await cassetteSummaries(user) }),
);
