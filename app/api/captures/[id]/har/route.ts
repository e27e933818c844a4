import packageJson from '@/package.json';
import { route } from '@/lib/server/api-route';
import { captureStore } from '@/lib/server/captures';
import { captureHar } from '@/lib/server/captures/har';
import { captureNotFound } from '@/lib/server/captures/read-requests';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** One capture as a HAR 1.2 file, for browser devtools and other HAR viewers. */
export const GET = route(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  const capture = await (await captureStore()).get(id);
  if (!capture) throw captureNotFound(id);
  return Response.json(captureHar(capture, packageJson.version), {
    headers: { 'content-disposition': `attachment; filename="sluice-capture-${capture.id}.har"` },
  });
});
