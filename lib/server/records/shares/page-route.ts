import 'server-only';
import { ApiError, serverFailure } from '@/lib/server/http/errors';
import { refusal, withSecurityHeaders } from '@/lib/server/http/security/guard';
import { SHARE_NOT_FOUND_HTML } from './share-page';

/** The answer for every link that opens nothing: one body, one status, one set of headers. */
export const shareNotFoundPage = () => htmlPage(SHARE_NOT_FOUND_HTML, 404);

/** An HTML page that no cache keeps (a revoked share must be gone at once) and no search engine lists. */
export function htmlPage(html: string, status = 200): Response {
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
    },
  });
}

/**
 * The share pages' wrapper (`/s/{token}`, its fork form): a page's checks (host, same
 * origin for a POST: `security/guard.ts`) in the handler itself, not only in proxy.ts,
 * and the security headers. A 404 ApiError is the share's 404 page; other errors a plain page.
 */
export function sharePageRoute<Context>(handler: (request: Request, context: Context) => Promise<Response>) {
  return async (request: Request, context: Context): Promise<Response> => {
    const refused = refusal(request.method, request.headers, false);
    if (refused) return withSecurityHeaders(refused);
    try {
      return withSecurityHeaders(await handler(request, context));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return withSecurityHeaders(shareNotFoundPage());
      const failure = error instanceof ApiError ? error : serverFailure(error);
      return withSecurityHeaders(
        htmlPage(`<!doctype html><title>Sluice</title><p>${failure.status}: ${escapeText(failure.message)}</p>`, failure.status),
      );
    }
  };
}

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
