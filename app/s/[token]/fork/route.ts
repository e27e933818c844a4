import { currentUser } from '@/lib/server/auth/current-user';
import { isSignInRequired } from '@/lib/server/auth/identity';
import type { User } from '@/lib/api/users';
import { forkShare } from '@/lib/server/records/shares';
import { forkIntentDone, hasForkIntent, signInThenFork } from '@/lib/server/records/shares/fork-intent';
import { shareNotFoundPage, sharePageRoute } from '@/lib/server/records/shares/page-route';
import { isShareToken, sharePath } from '@/lib/server/records/shares/token';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ token: string }> };

/** The visitor, or undefined when nobody is signed in. */
async function visitor(request: Request): Promise<User | undefined> {
  try {
    return await currentUser(request);
  } catch (error) {
    if (isSignInRequired(error)) return undefined;
    throw error;
  }
}

/** The share copied into `user`'s own conversations, then there (303). */
async function forked(user: User, token: string, request: Request): Promise<Response> {
  const fork = await forkShare(user, token, request.headers);
  const headers = new Headers({ location: fork.url, 'cache-control': 'no-store' });
  if (hasForkIntent(request.headers)) headers.append('set-cookie', forkIntentDone(token));
  return new Response(null, { status: 303, headers });
}

/**
 * The share page's "Fork into my conversations" form (a page without a script posts a
 * form, not JSON): the share copied into the signed-in visitor's own conversations, then
 * there (303). Not signed in: the sign-in first, which comes back to the GET below.
 */
export const POST = sharePageRoute(async (request: Request, { params }: Context) => {
  const { token } = await params;
  // Checked before it goes into a cookie's path or an address: any other link opens nothing.
  if (!isShareToken(token)) return shareNotFoundPage(request);
  const user = await visitor(request);
  return user ? forked(user, token, request) : signInThenFork(token);
});

/**
 * The way back from that sign-in: the fork asked for, done now (fork-intent.ts says why
 * only then). Without it, a link here forks nothing: it is the share's page.
 */
export const GET = sharePageRoute(async (request: Request, { params }: Context) => {
  const { token } = await params;
  if (!isShareToken(token)) return shareNotFoundPage(request);
  if (!hasForkIntent(request.headers)) return new Response(null, { status: 303, headers: { location: sharePath(token) } });
  const user = await visitor(request);
  return user ? forked(user, token, request) : signInThenFork(token);
});
