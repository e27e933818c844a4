import type { ProtocolId } from '@/lib/protocols/ids';
import { SIM_PROTOCOLS } from './protocols';

/** An error response before streaming, in the body shape each provider uses. */
export function httpErrorResponse(protocol: ProtocolId, status: number, message: string): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (status === 429) headers['retry-after'] = '1';
  return new Response(SIM_PROTOCOLS[protocol].errorBody(status, message), { status, headers });
}

/**
 * What a `sim-fault-http-NNN` model answers. The 401 is the one a newcomer meets when
 * trying keys: it says that the simulator needs none, and where a real provider's key
 * goes (README, "Adding real providers"), naming only files and variables that exist.
 */
export function simulatedFaultMessage(status: number, model: string): string {
  const said = `Simulated HTTP ${status} (${model}).`;
  if (status !== 401) return said;
  return (
    `${said} The simulator needs no key: this model refuses on purpose. ` +
    "A real provider's key goes in sluice.config.json in the working directory (or the file SLUICE_CONFIG names), " +
    'as "apiKey" or "apiKeyEnv": see README, "Adding real providers".'
  );
}

/** What an nginx in front of a dead upstream answers: not JSON, not SSE. */
export function badGatewayHtml(): Response {
  const html =
    '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n' +
    '<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
  return new Response(html, { status: 502, headers: { 'content-type': 'text/html' } });
}
