import { route } from '@/lib/server/api-route';
import { cassetteDetail } from '@/lib/server/cassettes/read-cassettes';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ name: string }> };

/** One cassette's exchanges, each with the key it matches by and its body as recorded. */
export const GET = route(async (_request: Request, { params }: Context, user) =>
  Response.json(await cassetteDetail(user, (await params).name)),
);
