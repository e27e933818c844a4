import packageJson from '@/package.json';
import { fileStamp } from '@/lib/api/file-names';
import { route } from '@/lib/server/host/api-route';
import { runNotFound } from '@/lib/server/views/run-requests';
import { runHar } from '@/lib/server/views/runs';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** A run as one HAR 1.2 file: every exchange, in the order they came; named by the run's start (its first exchange's). */
export const GET = route(async (_request: Request, { params }: Context, user) => {
  const { id } = await params;
  const har = await runHar(user, id, packageJson.version);
  if (!har) throw runNotFound(id);
  const name = ['sluice-run', har.log.entries[0] && fileStamp(har.log.entries[0].startedDateTime), id].filter(Boolean).join('-');
  return Response.json(har, { headers: { 'content-disposition': `attachment; filename="${name}.har"` } });
});
