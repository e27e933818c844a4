import type { ProtocolId } from '@/lib/protocols/ids';

const OPENAI_TYPES: Record<number, [type: string, code: string | null]> = {
  400: ['invalid_request_error', null],
  401: ['invalid_request_error', 'invalid_api_key'],
  404: ['invalid_request_error', 'model_not_found'],
  429: ['rate_limit_exceeded', 'rate_limit_exceeded'],
  500: ['server_error', null],
};
const ANTHROPIC_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
};
const GOOGLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
};

/** An error response before streaming, in the body shape each provider uses. */
export function httpErrorResponse(protocol: ProtocolId, status: number, message: string): Response {
  let body: object;
  switch (protocol) {
    case 'openai-chat':
    case 'openai-responses': {
      const [type, code] = OPENAI_TYPES[status] ?? ['server_error', null];
      body = { error: { message, type, param: null, code } };
      break;
    }
    case 'anthropic-messages':
      body = { type: 'error', error: { type: ANTHROPIC_TYPES[status] ?? 'api_error', message }, request_id: `req_sim${Date.now()}` };
      break;
    case 'gemini':
      body = { error: { code: status, message, status: GOOGLE_STATUS[status] ?? 'UNKNOWN' } };
      break;
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (status === 429) headers['retry-after'] = '1';
  return new Response(JSON.stringify(body, null, protocol === 'gemini' ? 2 : undefined), { status, headers });
}

/** What an nginx in front of a dead upstream answers: not JSON, not SSE. */
export function badGatewayHtml(): Response {
  const html = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
  return new Response(html, { status: 502, headers: { 'content-type': 'text/html' } });
}
