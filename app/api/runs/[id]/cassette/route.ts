import { z } from 'zod';
import { route } from '@/lib/server/host/api-route';
import { readJsonBody } from '@/lib/server/http/validate';
import { cassetteOfRun } from '@/lib/server/proxy/cassettes/run-cassette';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

const Body = z.object({ name: z.string().optional() }).strict();

/** "Replay this run offline": a cassette of the run's exchanges, to play back with `npm run with -- --cassette NAME --mode playback`. */
export const POST = route(async (request: Request, { params }: Context, user) => {
  const { id } = await params;
  const body = await readJsonBody(request, Body, 4096);
  return Response.json(await cassetteOfRun(user, id, body.name), { status: 201 });
});
