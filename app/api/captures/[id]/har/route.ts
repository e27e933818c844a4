import packageJson from '@/package.json';
import { captureFileName } from '@/lib/api/captures';
import { route } from '@/lib/server/host/api-route';
import { captureHar } from '@/lib/server/views/har';
import { loadCapture } from '@/lib/server/proxy/captures/read-requests';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** One capture as a HAR 1.2 file, for browser devtools and other HAR viewers. */
export const GET = route(async (_request: Request, { params }: Context, user) => {
  const capture = await loadCapture(user, (await params).id);
  return Response.json(captureHar(capture, packageJson.version), {
    headers: { 'content-disposition': `attachment; filename="${captureFileName(capture)}.har"` },
  });
});
