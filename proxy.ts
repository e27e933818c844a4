import { NextResponse, type NextRequest } from 'next/server';
import { newNonce } from '@/lib/server/http/security/headers';
import { PAGE_PATH_HEADER } from '@/lib/server/auth/return-path';
import { refusal, securityHeaders, withSecurityHeaders } from '@/lib/server/http/security/guard';

/**
 * Every page request passes here first: only Sluice's own pages may drive Sluice
 * (`lib/server/http/security/guard.ts`), and each page gets the nonce its scripts carry.
 * API routes pass the same checks in `lib/server/host/api-route.ts` instead.
 */
export function proxy(request: NextRequest): NextResponse {
  const refused = refusal(request.method, request.headers, false);
  if (refused) return withSecurityHeaders(new NextResponse(refused.body, refused));
  // The page's scripts carry this nonce (Next.js reads it from the request's CSP header).
  const nonce = newNonce();
  const security = securityHeaders(nonce);
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  // Where a page sends a visitor to sign in, it names this page to come back to (page-user.ts).
  headers.set(PAGE_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  headers.set('content-security-policy', security['content-security-policy']!);
  return withSecurityHeaders(NextResponse.next({ request: { headers } }), security);
}

export const config = {
  // Static build files carry no secrets and change nothing: they skip the checks (and
  // the cost). API routes run them in their own wrapper, without the proxy's; the recording
  // proxy (/proxy/…) in its own (lib/server/proxy/forward.ts); /metrics in its own
  // (lib/server/host/metrics-route.ts).
  matcher: ['/((?!_next/static|_next/image|api/|proxy/|replay/|metrics$).*)'],
};
