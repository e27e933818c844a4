import { currentUser } from '@/lib/server/auth/current-user';
import { isSignInRequired } from '@/lib/server/auth/identity';
import { forkShare } from '@/lib/server/records/shares';
import { htmlPage, sharePageRoute } from '@/lib/server/records/shares/page-route';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ token: string }> };

/**
 * The share page's "Fork into my conversations" form (a page without a script posts a
 * form, not JSON): the share copied into the signed-in visitor's own conversations,
 * then there (303). Not signed in: a page that says so.
 */
export const POST = sharePageRoute(async (request: Request, { params }: Context) => {
  const { token } = await params;
  let user;
  try {
    user = await currentUser(request);
  } catch (error) {
    if (!isSignInRequired(error)) throw error;
    return htmlPage(
      '<!doctype html><title>Sign in · Sluice</title><link rel="stylesheet" href="/share.css">' +
        '<main class="share-missing"><h1>Sign in first</h1>' +
        '<p>Forking a share makes it one of your own conversations: sign in, then open the link again.</p></main>',
      401,
    );
  }
  const fork = await forkShare(user, token, request.headers);
  return new Response(null, { status: 303, headers: { location: fork.url } });
});
