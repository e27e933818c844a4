// Below both servers (the app's and the simulator's, which runs on its own in plain Node:
// npm run simulator, the tests' upstream): no server-only marker, no Next.js, no secret.
import type { ApiErrorBody, ApiErrorType } from '@/lib/api/errors';

/** An error answer in the BFF's body shape (lib/api/errors.ts). */
export function apiError(status: number, type: ApiErrorType, message: string, extra: Record<string, unknown> = {}): Response {
  const body: ApiErrorBody = { error: { type, message, ...extra } };
  return Response.json(body, { status });
}

/** An error that is an answer: thrown where it is found, answered as its status and body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ApiErrorType,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toResponse(): Response {
    return apiError(this.status, this.type, this.message, this.extra);
  }
}
