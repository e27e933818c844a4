import { NextResponse, type NextRequest } from 'next/server';
import type { ApiErrorBody, ApiErrorType } from '@/lib/api/errors';
import { ALLOWED_HOSTS_VARIABLE, allowedHosts, hostAllowed } from '@/lib/server/security/allowed-hosts';
import { contentSecurityPolicy, newNonce, STATIC_SECURITY_HEADERS } from '@/lib/server/security/headers';
import { crossOriginRefusal, nonJsonBody } from '@/lib/server/security/same-origin';

/**
 * Every request passes here first: only Sluice's own pages may drive Sluice. A foreign
 * Host is refused (DNS rebinding), so is an unsafe request from another origin, and a
 * body that is not JSON; every answer carries the security headers.
 */
const ALLOWED = allowedHosts(process.env[ALLOWED_HOSTS_VARIABLE]);

function refuse(status: 403 | 415, type: ApiErrorType, message: string): NextResponse {
  const body: ApiErrorBody = { error: { type, message } };
  return withSecurityHeaders(NextResponse.json(body, { status }), newNonce());
}

function withSecurityHeaders(response: NextResponse, nonce: string): NextResponse {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  response.headers.set('content-security-policy', contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development'));
  return response;
}

export function proxy(request: NextRequest): NextResponse {
  const host = request.headers.get('host');
  if (!hostAllowed(host, ALLOWED)) {
    return refuse(403, 'forbidden_host', `This server does not answer to the name "${(host ?? '').slice(0, 200)}". If you serve Sluice under that name, add it to ${ALLOWED_HOSTS_VARIABLE} (comma-separated) and restart.`);
  }
  const crossOrigin = crossOriginRefusal(request.method, request.headers);
  if (crossOrigin) return refuse(403, 'forbidden_origin', `${crossOrigin} Only Sluice's own pages (or a script with no Origin) may send this request.`);
  if (request.nextUrl.pathname.startsWith('/api/')) {
    const notJson = nonJsonBody(request.method, request.headers);
    if (notJson) return refuse(415, 'unsupported_media_type', notJson);
  }
  // The page's scripts carry this nonce (Next.js reads it from the request's CSP header).
  const nonce = newNonce();
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development');
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  return withSecurityHeaders(NextResponse.next({ request: { headers } }), nonce);
}

export const config = {
  // Static build files carry no secrets and change nothing: they skip the checks (and the cost).
  matcher: ['/((?!_next/static|_next/image).*)'],
};
