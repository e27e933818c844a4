import 'server-only';
// The error class and body are below both servers, in lib/http (the simulator answers them too);
// this adds the server's own failure.
import { ApiError } from '@/lib/http/api-error';
import { redact } from '@/lib/server/platform/redact';

export type { ApiErrorType } from '@/lib/api/errors';
export { ApiError, apiError } from '@/lib/http/api-error';

/**
 * What the server answers for an error it did not expect: it is logged (with any of
 * `secrets` redacted), and the answer names the log, not the error.
 */
export function serverFailure(error: unknown, secrets: (string | undefined)[] = []): ApiError {
  console.error('sluice:', redact(error instanceof Error ? error.message : String(error), secrets));
  return new ApiError(500, 'server_error', 'The server failed; see its log.');
}
