import { listPublicProviders } from '@/lib/server/views/public-providers';
import { route } from '@/lib/server/host/api-route';

export const dynamic = 'force-dynamic';

export const GET = route(async (_request: Request, _context: unknown, user) =>
  Response.json({ providers: await listPublicProviders(user) }),
);
