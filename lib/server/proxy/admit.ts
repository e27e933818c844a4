import 'server-only';
import { MAX_BODY_BYTES } from '@/lib/api/chat';
import { providers } from '@/lib/providers/config';
import { formatBytes } from '@/lib/sse/limits';
import { proxyCaller } from '@/lib/server/auth/current-user';
import { TOKEN_HEADER } from '@/lib/server/auth/tokens/sluice-token';
import { cassetteFor, type CassetteChoice } from './cassettes/cassette-choice';
import { refusedHere, sendError } from './io-answers';
import type { ProxyIo } from './proxy-io';
import { withoutPlaceholder } from './proxy-headers';
import { proxyTarget, type ProxyTarget } from './target';
import { requestRefused } from '@/lib/server/platform/telemetry';

const AMBIGUOUS_LENGTH = 'The request has both Content-Length and Transfer-Encoding: its length is ambiguous.';

/** A request the proxy takes: whose it is, where it goes, its declared length, and its cassette if it has one. */
export interface Admitted {
  owner: string;
  target: ProxyTarget;
  declared: number;
  cassette?: CassetteChoice;
}

/**
 * Who asks and where to: a request this server may not take (foreign Host or page), a
 * refused token, an unknown provider, a path that could leave the provider's base URL, an
 * ambiguous length, a body declared past the bound or a cassette that cannot be used is
 * answered here, and undefined returned. `mounted`: the cassette named in a `/cassette/…` path.
 */
export async function admitExchange(io: ProxyIo, mounted?: CassetteChoice): Promise<Admitted | undefined> {
  if (refusedHere(io)) return undefined;
  // Whose the exchange is: its Sluice token's holder (no wait once the token is known).
  let caller = proxyCaller(io.headers, io.url);
  if (caller instanceof Promise) caller = await caller;
  if ('refused' in caller) {
    requestRefused('sign_in_required');
    return void sendError(io, 401, 'sign_in_required', caller.refused, { header: TOKEN_HEADER });
  }

  const all = providers();
  const target = proxyTarget(withoutPlaceholder(io.url), all);
  if ('malformed' in target) return void sendError(io, 404, 'not_found', 'Proxy paths are /proxy/{providerId}/… .');
  if ('unknown' in target) {
    const configured = all.map((p) => p.id);
    const message = `No provider "${target.unknown.slice(0, 100)}" is configured. Configured: ${configured.join(', ')}.`;
    return void sendError(io, 404, 'not_found', message, { providers: configured });
  }
  // Never sent on, with the provider's key, anywhere but under the provider's base URL (target.ts: `REFUSED`).
  if ('refused' in target)
    return void sendError(io, 400, 'invalid_request', `The proxy refuses this path: it has ${target.refused}.`);
  // Node's parser answers a request with both with a 400 before Sluice sees it; under --insecure-http-parser one comes here.
  if (io.headers['transfer-encoding'] !== undefined && io.headers['content-length'] !== undefined)
    return void sendError(io, 400, 'invalid_request', AMBIGUOUS_LENGTH);
  const declared = Number(io.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    const message = `The request body is ${formatBytes(declared)}; the proxy takes at most ${formatBytes(MAX_BODY_BYTES)}.`;
    requestRefused('body_too_large');
    return void sendError(io, 413, 'body_too_large', message);
  }
  const cassette = cassetteFor(io.headers, target.provider, mounted);
  if (cassette && 'error' in cassette) return void sendError(io, 400, 'invalid_request', cassette.error);
  return { owner: caller.id, target, declared, ...(cassette ? { cassette } : {}) };
}
