/** The BFF's error body: `{"error": {"type", "message", ...}}`, with a status that says whose fault it was. */
export type ApiErrorType =
  | 'invalid_request'
  | 'body_too_large'
  | 'not_found'
  | 'upstream_error'
  | 'upstream_unreachable'
  | 'upstream_timeout'
  | 'upstream_not_sse'
  | 'server_error';

export function apiError(status: number, type: ApiErrorType, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ error: { type, message, ...extra } }, { status });
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
