import packageJson from '@/package.json';
import { route } from '@/lib/server/host/api-route';
import { runNotFound } from '@/lib/server/views/run-requests';
import { runHar } from '@/lib/server/views/runs';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** A run as one HAR 1.2 file: every exchange, in the order they came. */
export const GET = route(async (_request: Request, { params }: Context, user) => {
  const { id } = await params;
  const har = await runHar(user, id, packageJson.version);
  if (!har) throw runNotFound(id);
  return Response.json(har, { headers: { 'content-disposition': `attachment; filename="sluice-run-${id}.har"` } });
});
