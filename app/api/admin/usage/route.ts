import { route } from '@/lib/server/host/api-route';
import { ApiError } from '@/lib/server/http/errors';
import { store } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

/** Usage totals per user (replies, exchanges, tokens, cost), for admins only: never a word of anyone's content. */
export const GET = route(async (_request: Request, _context, user) => {
  if (!user.admin) throw new ApiError(403, 'forbidden', 'Usage totals are for admins (SLUICE_ADMIN_EMAILS).');
  return Response.json({ users: await (await store()).usage.perUser() });
});
