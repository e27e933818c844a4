import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { processSingleton } from '@/lib/server/platform/process-singleton';

/**
 * The address of the socket a request came in on, carried to the route handlers, which
 * Next.js gives no socket. Any client can write any header, so the one used here is
 * overwritten on every request as it enters the process, and carries a secret made when
 * the process started: a request that reached a handler without passing the stamp (one
 * that came before instrumentation.ts ran, or to a server other than scripts/serve.mjs)
 * has no peer, and is trusted as no proxy.
 */
export const PEER_HEADER = 'x-sluice-peer';
const HEADER = PEER_HEADER;
// One per process, on globalThis: Next.js bundles instrumentation (which stamps) and each
// route (which reads) apart, each with its own module state.
const SECRET = processSingleton('peer-secret', () => randomBytes(16).toString('hex'));

/** Called for every request as it enters this process' HTTP server, before Next.js reads it. */
export function stampPeer(request: IncomingMessage): void {
  const address = request.socket.remoteAddress;
  if (address) request.headers[HEADER] = `${SECRET} ${address}`;
  else delete request.headers[HEADER];
}

/** The socket's address for a request stamped by this process; undefined for any other value, forged or missing. */
export function peerOf(headers: Headers): string | undefined {
  const value = headers.get(HEADER);
  const space = value?.indexOf(' ') ?? -1;
  if (!value || space !== SECRET.length) return undefined;
  const given = Buffer.from(value.slice(0, space));
  return timingSafeEqual(given, Buffer.from(SECRET)) ? value.slice(space + 1) : undefined;
}
