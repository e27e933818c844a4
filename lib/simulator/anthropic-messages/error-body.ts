const TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
};

/** Anthropic's error body before streaming. */
export function anthropicErrorBody(status: number, message: string): string {
  return JSON.stringify({
    type: 'error',
    error: { type: TYPES[status] ?? 'api_error', message },
    request_id: `req_sim${Date.now()}`,
  });
}
