import 'server-only';
import { ApiError, apiError, serverFailure } from './http-errors';
import { refusal, withSecurityHeaders } from './security/guard';
import { StoreError } from './store';

/**
 * Wraps every API route handler: the request must pass the checks only Sluice's own
 * pages pass (`security/guard.ts`: the proxy skips the API); the answer carries the
 * security headers. ApiErrors become their JSON answer; anything else a 500 that names it.
 */
export function route<Context = unknown>(handler: (request: Request, context: Context) => Promise<Response>) {
  return async (request: Request, context: Context): Promise<Response> =>
    withSecurityHeaders(refusal(request.method, request.headers, true) ?? (await answer(handler, request, context)));
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
    if (error instanceof StoreError) return apiError(503, 'server_error', error.message);
    return serverFailure(error).toResponse();
  }
}
