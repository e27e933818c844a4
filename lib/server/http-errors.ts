import type { ApiErrorBody, ApiErrorType } from '@/lib/api/errors';

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
