import { TokenInputSchema } from '@/lib/api/tokens';
import { route } from '@/lib/server/host/api-route';
import { store } from '@/lib/server/store';
import { readJsonBody } from '@/lib/server/http/validate';

export const dynamic = 'force-dynamic';

/** The caller's live personal tokens (never a token itself). */
export const GET = route(async (_request: Request, _context, user) =>
  Response.json({ tokens: await (await store()).tokens.list(user.id) }),
);

/** A new token for the caller: the answer is the one time it is shown. */
export const POST = route(async (request: Request, _context, user) => {
  const { name } = await readJsonBody(request, TokenInputSchema, 4096);
  const created = await (await store()).tokens.create(user.id, name);
  return Response.json(created, { status: 201, headers: { 'cache-control': 'no-store' } });
});
