import type { ProtocolId } from '@/lib/protocols/ids';
import { SIM_PROTOCOLS } from './protocols';

/** An error response before streaming, in the body shape each provider uses. */
export function httpErrorResponse(protocol: ProtocolId, status: number, message: string): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (status === 429) headers['retry-after'] = '1';
  return new Response(SIM_PROTOCOLS[protocol].errorBody(status, message), { status, headers });
}

/** What an nginx in front of a dead upstream answers: not JSON, not SSE. */
export function badGatewayHtml(): Response {
  const html =
    '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
  return new Response(html, { status: 502, headers: { 'content-type': 'text/html' } });
}
