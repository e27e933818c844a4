import { openShare } from '@/lib/server/records/shares';
import { htmlPage, shareNotFoundPage, sharePageRoute } from '@/lib/server/records/shares/page-route';
import { pageTheme } from '@/lib/server/http/server-page';
import { sharePageHtml } from '@/lib/server/records/shares/share-page';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ token: string }> };

/**
 * /s/{token}: a share's read-only page, plain HTML without a script. Unknown, expired,
 * revoked, and signed-in only without a sign-in: the same 404, byte for byte.
 */
export const GET = sharePageRoute(async (request: Request, { params }: Context) => {
  const { token } = await params;
  const share = await openShare(token, request.headers);
  if (!share) return shareNotFoundPage(request);
  // In the theme the reader chose in the app (its cookie), else the system's: the page has no script to ask.
  return htmlPage(sharePageHtml(share, share.kind === 'diff' ? undefined : `/s/${token}/fork`, pageTheme(request.headers)));
});
