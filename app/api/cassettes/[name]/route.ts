import { route } from '@/lib/server/host/api-route';
import { cassetteDetail } from '@/lib/server/proxy/cassettes/read-cassettes';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ name: string }> };

/** One cassette's exchanges, each with the key it matches by and its body as recorded. */
export const GET = route(async (_request: Request, { params }: Context, user) =>
  Response.json(await cassetteDetail(user, (await params).name)),
);
