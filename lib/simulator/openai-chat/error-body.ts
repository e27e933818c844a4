/** OpenAI's error body before streaming (Responses answers the same way). */
const TYPES: Record<number, [type: string, code: string | null]> = {
  400: ['invalid_request_error', null],
  401: ['invalid_request_error', 'invalid_api_key'],
  404: ['invalid_request_error', 'model_not_found'],
  429: ['rate_limit_exceeded', 'rate_limit_exceeded'],
  500: ['server_error', null],
};

export function openAiErrorBody(status: number, message: string): string {
  const [type, code] = TYPES[status] ?? ['server_error', null];
  return JSON.stringify({ error: { message, type, param: null, code } });
}
