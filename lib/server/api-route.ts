import { ApiError, apiError } from './http-errors';
import { StoreError } from './store';

/** Wraps a route handler: ApiErrors become their JSON answer; anything else a 500 that names it. */
export function route<A extends unknown[]>(handler: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      return await handler(...args);
    } catch (error) {
      if (error instanceof ApiError) return error.toResponse();
      if (error instanceof StoreError) return apiError(503, 'server_error', error.message);
      console.error('sluice:', error instanceof Error ? error.message : error);
      return apiError(500, 'server_error', 'The server failed; see its log.');
    }
  };
}
