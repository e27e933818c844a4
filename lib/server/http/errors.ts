// Not marked server-only: the simulator uses it, and runs on its own too (npm run simulator,
// the tests' upstream), in plain Node. It holds no secret.
import type { ApiErrorBody, ApiErrorType } from '@/lib/api/errors';
import { redact } from '@/lib/server/platform/redact';

export type { ApiErrorType } from '@/lib/api/errors';

export function apiError(status: number, type: ApiErrorType, message: string, extra: Record<string, unknown> = {}): Response {
  const body: ApiErrorBody = { error: { type, message, ...extra } };
  return Response.json(body, { status });
}

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

/**
 * What the server answers for an error it did not expect: it is logged (with any of
 * `secrets` redacted), and the answer names the log, not the error.
 */
export function serverFailure(error: unknown, secrets: (string | undefined)[] = []): ApiError {
  console.error('sluice:', redact(error instanceof Error ? error.message : String(error), secrets));
  return new ApiError(500, 'server_error', 'The server failed; see its log.');
}
