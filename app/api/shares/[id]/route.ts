import { route } from '@/lib/server/host/api-route';
import { revokeShare } from '@/lib/server/records/shares';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Revokes one of the caller's shares: its link is a 404 from now on. Another user's share is a 404 here. */
export const DELETE = route(async (_request: Request, { params }: Context, user) => {
  await revokeShare(user, (await params).id);
  return new Response(null, { status: 204 });
});
