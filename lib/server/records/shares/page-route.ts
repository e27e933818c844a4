import 'server-only';
import { ApiError, serverFailure } from '@/lib/server/http/errors';
import { errorPage } from '@/lib/server/http/error-page';
import { htmlPage, pageTheme } from '@/lib/server/http/server-page';
import { refusal, withSecurityHeaders } from '@/lib/server/http/security/guard';
import { shareNotFoundHtml } from './share-page';

export { htmlPage };

/** The answer for every link that opens nothing: one body (in the reader's theme), one status, one set of headers. */
export const shareNotFoundPage = (request: Request) => htmlPage(shareNotFoundHtml(pageTheme(request.headers)), 404);

/**
 * The share pages' wrapper (`/s/{token}`, its fork): a page's checks (host, same origin
 * for a POST: `security/guard.ts`) in the handler itself, not only in proxy.ts, and the
 * security headers. A 404 ApiError is the share's 404 page; other errors a page saying
 * what went wrong: a browser navigated here, so never JSON.
 */
export function sharePageRoute<Context>(handler: (request: Request, context: Context) => Promise<Response>) {
  return async (request: Request, context: Context): Promise<Response> => {
    const refused = refusal(request.method, request.headers, false);
    if (refused) return withSecurityHeaders(refused);
    try {
      return withSecurityHeaders(await handler(request, context));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return withSecurityHeaders(shareNotFoundPage(request));
      const failure = error instanceof ApiError ? error : serverFailure(error);
      return withSecurityHeaders(errorPage(failure.status, failure.message, request.headers));
    }
  };
}
