import { route } from '@/lib/server/host/api-route';
import { forgetToken } from '@/lib/server/auth/tokens/token-user';
import { tellRevoked } from '@/lib/server/auth/tokens/revocation-news';
import { ApiError } from '@/lib/server/http/errors';
import { store } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Revokes one of the caller's tokens; another's, or none, is a 404 that says no more. */
export const DELETE = route(async (_request: Request, { params }: Context, user) => {
  const { id } = await params;
  if (!(await (await store()).tokens.revoke(user.id, id)))
    throw new ApiError(404, 'not_found', `No token "${id.slice(0, 100)}".`);
  forgetToken(id);
  await tellRevoked(id);
  return new Response(null, { status: 204 });
});
