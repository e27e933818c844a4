import { listPublicProviders } from '@/lib/providers/list';
import { route } from '@/lib/server/api-route';

export const dynamic = 'force-dynamic';

export const GET = route(async (_request: Request, _context: unknown, user) =>
  Response.json({ providers: await listPublicProviders(user) }),
);
