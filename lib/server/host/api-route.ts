import 'server-only';
import { ApiError, apiError, serverFailure } from '@/lib/server/http/errors';
import { refusal, withSecurityHeaders } from '@/lib/server/http/security/guard';
import { asPageForBrowser } from '@/lib/server/http/error-page';
import { signInPageFor } from '@/lib/server/auth/return-path';
import { StoreError } from '@/lib/server/store';
import type { User } from '@/lib/api/users';
import { currentUser } from '@/lib/server/auth/current-user';
import { isSignInRequired } from '@/lib/server/auth/identity';
import { requestRefused } from '@/lib/server/platform/telemetry';

/**
 * Wraps every API route handler: the request must pass the checks only Sluice's own
 * pages pass (`security/guard.ts`: the proxy skips the API), and come from a signed-in
 * user, whom the handler is given (it answers 404 for what is not theirs); the answer
 * carries the security headers. ApiErrors become their JSON answer; a missing sign-in
 * a 401; anything else a 500 that names it. A browser that navigated here (a link to an
 * export, the sign-in's own routes) gets any error as a page instead (error-page.ts).
 */
export function route<Context = unknown>(handler: (request: Request, context: Context, user: User) => Promise<Response>) {
  return publicRoute<Context>(async (request, context) => handler(request, context, await currentUser(request)));
}

/** A route anyone who may reach Sluice may use, signed in or not: the health check, the built-in simulator. */
export function publicRoute<Context = unknown>(handler: (request: Request, context: Context) => Promise<Response>) {
  return async (request: Request, context: Context): Promise<Response> =>
    withSecurityHeaders(
      refusal(request.method, request.headers, true) ?? (await forBrowser(request, await answer(handler, request, context))),
    );
}

/** An error answer to a browser's navigation, as a page; a 401 links to the sign-in that comes back here. */
function forBrowser(request: Request, response: Response): Promise<Response> | Response {
  if (response.status < 400) return response;
  const url = new URL(request.url);
  const back = request.method === 'GET' ? `${url.pathname}${url.search}` : undefined;
  const link = response.status === 401 ? { href: signInPageFor(back), label: 'Sign in' } : undefined;
  return asPageForBrowser(request.headers, response, link);
}

async function answer<Context>(
  handler: (request: Request, context: Context) => Promise<Response>,
  request: Request,
  context: Context,
): Promise<Response> {
  try {
    return await handler(request, context);
  } catch (error) {
    if (error instanceof ApiError) return error.toResponse();
    if (isSignInRequired(error)) {
      requestRefused('sign_in_required');
      return apiError(401, 'sign_in_required', error.whole ? error.message : `Sign in first: ${error.message}`);
    }
    if (error instanceof StoreError) return apiError(503, 'server_error', error.message);
    return serverFailure(error).toResponse();
  }
}
