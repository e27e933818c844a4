import 'server-only';
import { readVariable } from '@/lib/server/platform/environment';
import { requestRefused } from '@/lib/server/platform/telemetry/counters';
import { apiError, type ApiErrorType } from '../errors';
import { errorPage, isNavigation } from '../error-page';
import { ALLOWED_HOSTS_VARIABLE, hostAllowed } from '@/lib/server/platform/allowed-hosts';
import { contentSecurityPolicy, newNonce, STATIC_SECURITY_HEADERS } from './headers';
import { crossOriginRefusal, isUnsafe, type RequestHeaders } from './same-origin';

/**
 * Only Sluice's own pages may drive Sluice: the checks every request passes, and the
 * headers every answer carries. Pages pass here through `proxy.ts`; API routes through
 * `lib/server/host/api-route.ts`, without the proxy: Next.js's middleware rebuilt and teed
 * each request's body (docs/decisions.md: "Security checks in the API route wrapper").
 */
const ALLOWED = readVariable(ALLOWED_HOSTS_VARIABLE);

/**
 * Why this request may not act here, as the answer to give; undefined when it may. A
 * foreign Host (DNS rebinding), an unsafe request from another origin, and for the API
 * a body that is not JSON, are refused: as JSON, or as a page to a browser's navigation.
 */
export function refusal(method: string, headers: RequestHeaders, api: boolean): Response | undefined {
  const refuse = (status: number, type: ApiErrorType, message: string) =>
    isNavigation(headers) ? errorPage(status, message, headers) : apiError(status, type, message);
  const host = headers.get('host');
  if (!hostAllowed(host, ALLOWED)) {
    requestRefused('forbidden_host');
    return refuse(
      403,
      'forbidden_host',
      `This server does not answer to the name "${(host ?? '').slice(0, 200)}". ` +
        `If you serve Sluice under that name, add it to ${ALLOWED_HOSTS_VARIABLE} (comma-separated) and restart.`,
    );
  }
  const crossOrigin = crossOriginRefusal(method, headers);
  if (crossOrigin) {
    requestRefused('forbidden_origin');
    return refuse(
      403,
      'forbidden_origin',
      `${crossOrigin} Only Sluice's own pages (or a script with no Origin) may send this request.`,
    );
  }
  const notJson = api ? nonJsonBody(method, headers) : undefined;
  if (notJson) {
    requestRefused('unsupported_media_type');
    return refuse(415, 'unsupported_media_type', notJson);
  }
  return undefined;
}

/**
 * A body that is not JSON (a form's text/plain or urlencoded post, which another site's
 * page may send without asking): JSON endpoints take nothing else.
 */
export function nonJsonBody(method: string, headers: RequestHeaders): string | undefined {
  if (!isUnsafe(method)) return undefined;
  const hasBody = (headers.get('content-length') ?? '0') !== '0' || headers.has('transfer-encoding');
  if (!hasBody) return undefined;
  const type = (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)) return undefined;
  return `This endpoint takes application/json bodies only${type ? `, not ${type}` : ' (no Content-Type was sent)'}.`;
}

/** The security headers, the CSP with `nonce` for the page's scripts. */
export function securityHeaders(nonce = newNonce()): Record<string, string> {
  return {
    ...STATIC_SECURITY_HEADERS,
    'content-security-policy': contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development'),
  };
}

/** `response` with the security headers (`headers`, else new ones; a copy of it when its own headers are immutable). */
export function withSecurityHeaders<R extends Response>(response: R, headers = securityHeaders()): R {
  const set = (answer: Response) => {
    for (const [name, value] of Object.entries(headers)) answer.headers.set(name, value);
    return answer as R;
  };
  try {
    return set(response);
  } catch {
    return set(new Response(response.body, response));
  }
}
