const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
};

/** Google's error body before streaming, pretty-printed as Google sends it. */
export function geminiErrorBody(status: number, message: string): string {
  return JSON.stringify({ error: { code: status, message, status: STATUS[status] ?? 'UNKNOWN' } }, null, 2);
}
