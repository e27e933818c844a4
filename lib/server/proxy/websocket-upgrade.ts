import 'server-only';
import { ServerResponse, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import { relaySettings } from '@/lib/server/streams/settings';
import { admitExchange, type Admitted } from './admit';
import { sendError } from './io-answers';
import { nodeIo } from './node-io';
import { pipeBody } from './pipe-body';
import type { ProxyIo } from './proxy-io';
import { downstreamHeaders, ownCredential, upstreamHeaders } from './proxy-headers';
import { PROXY_MOUNT, protocolOfPath } from './target';
import type { UpstreamAnswer } from './upstream-dispatch';
import { WebSocketCaptures } from './websocket-captures';
import { relayWebSocket } from './websocket-relay';
import { UPGRADE_NOT_HERE } from './websocket-route';

let settingsOnce: ReturnType<typeof relaySettings> | undefined;
const settings = () => (settingsOnce ??= relaySettings());

/** What the app's side of each connection answers with, as its upstream answered: the subprotocol chosen, the head's other headers. */
const accepted = new WeakMap<IncomingMessage, { protocol: string | false; headers: string[] }>();

/**
 * The app's side: ws completes the app's handshake once the upstream took its own. No
 * permessage-deflate on either side (the proxy terminates both, and relays and keeps
 * messages as they are); pings are not answered here but passed on (`autoPong` off).
 */
const appSide = new WebSocketServer({
  noServer: true,
  clientTracking: false,
  perMessageDeflate: false,
  autoPong: false,
  handleProtocols: (_offered, req) => accepted.get(req)?.protocol ?? false,
});
appSide.on('headers', (lines, req) => void lines.push(...(accepted.get(req)?.headers ?? [])));

/** The upstream's 101 head as the app's gets it: its headers less those of the connection and the handshake (ws writes its own). */
function headLines(headers: IncomingHttpHeaders): string[] {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(downstreamHeaders(headers))) {
    if (name.startsWith('sec-websocket-') || name === 'content-length' || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${String(one)}`);
  }
  return lines;
}

const KEY = /^[+/0-9A-Za-z]{22}==$/;

/** What is wrong with the app's handshake (RFC 6455 §4.2.1), answered before the upstream is asked. */
function handshakeProblem(io: ProxyIo): { status: number; message: string; headers?: Record<string, string> } | undefined {
  const upgrade = String(io.headers.upgrade ?? '');
  if (upgrade.toLowerCase() !== 'websocket')
    return { status: 400, message: `The proxy takes WebSocket upgrades only, not "${upgrade.slice(0, 50)}".` };
  if (io.method !== 'GET') return { status: 400, message: 'A WebSocket upgrade is a GET.' };
  if (!KEY.test(String(io.headers['sec-websocket-key'] ?? ''))) return { status: 400, message: 'No valid Sec-WebSocket-Key.' };
  const version = io.headers['sec-websocket-version'];
  if (version !== '13' && version !== '8')
    return { status: 426, message: 'Sec-WebSocket-Version must be 13.', headers: { 'sec-websocket-version': '13' } };
  return undefined;
}

/**
 * An HTTP answer on an upgrade request's socket, for every answer that is not the
 * upgrade: Node's own response object, the socket closed once it is written. The
 * server no longer listens to an upgrade's socket: its drain is passed on here, as the
 * server does for a request's (a refusal's body is written at the app's pace).
 */
function answerOn(req: IncomingMessage, socket: Socket): { res: ServerResponse; release(): void } {
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket);
  const drain = () => void res.emit('drain');
  socket.on('drain', drain);
  const release = () => {
    socket.off('drain', drain);
    res.detachSocket(socket);
  };
  res.once('finish', () => {
    release();
    socket.destroySoon();
  });
  return { res, release };
}

/** An upstream's answer read by node:http (ws's handshake request) as the proxy's body pipe takes one. */
function answerOf(response: IncomingMessage): UpstreamAnswer {
  return {
    status: response.statusCode ?? 502,
    headers: response.headers,
    bodyWaiting: false,
    take(sink) {
      response.on('data', (chunk: Buffer) => sink.data(chunk));
      response.on('end', () => sink.end());
      response.on('error', (error) => sink.error(error));
      response.on('close', () => {
        if (!response.complete) sink.error(new Error('the connection closed mid-answer'));
      });
    },
    pause: () => void response.pause(),
    resume: () => void response.resume(),
    destroy: () => void response.destroy(),
  };
}

/**
 * A WebSocket upgrade under `/proxy/{providerId}/…`, taken from Node's server before
 * Next.js sees it (lean-path.ts): admitted as an HTTP request is (admit.ts: the host,
 * the page's origin, the caller's token, the provider), then the same path asked of the
 * upstream (`ws:`/`wss:` for the provider's `http:`/`https:`) with the same headers
 * (proxy-headers.ts: the provider's key unless the app sent its own). The upstream's
 * refusal (any answer but 101) comes back to the app as it was sent, and is captured as
 * an HTTP answer; once it takes the upgrade, the app's is completed with the upstream's
 * subprotocol and head, and the messages are relayed both ways and captured
 * (websocket-relay.ts, websocket-captures.ts). Anything else under a mount (`/replay/`,
 * `/cassette/`, or a cassette named for the exchange) is refused with a 501: those serve
 * HTTP exchanges only, and an app that falls back to HTTP is served there.
 */
export async function serveUpgrade(req: IncomingMessage, duplex: Duplex, head: Buffer): Promise<void> {
  const arrivedAt = performance.now();
  const socket = duplex as Socket;
  // A reset before either side takes the socket is the app gone ('close' follows), not a crash.
  socket.on('error', () => {});
  const { res, release } = answerOn(req, socket);
  const io = nodeIo(req, res);
  try {
    if (!io.url.startsWith(PROXY_MOUNT)) return sendError(io, 501, 'invalid_request', UPGRADE_NOT_HERE.mount);
    const admitted = await admitExchange(io);
    if (!admitted) return;
    if (admitted.cassette) return sendError(io, 501, 'invalid_request', UPGRADE_NOT_HERE.cassette);
    const problem = handshakeProblem(io);
    if (problem) return sendError(io, problem.status, 'invalid_request', problem.message, {}, problem.headers);
    connectUpstream({ io, req, socket, head, release }, admitted, arrivedAt);
  } catch (error) {
    console.error(`sluice: the proxy's WebSocket upgrade failed: ${error instanceof Error ? error.message : String(error)}`);
    if (!res.headersSent) sendError(io, 500, 'server_error', 'The proxy failed to take this upgrade.');
    else socket.destroy();
  }
}

interface AppSide {
  io: ProxyIo;
  req: IncomingMessage;
  socket: Socket;
  head: Buffer;
  /** Takes the HTTP answer off the socket: ws writes the 101 and frames from then on. */
  release(): void;
}

/** The upstream's handshake, then its answer to the app: a refusal as it came, or the app's upgrade completed and relayed. */
function connectUpstream({ io, req, socket, head, release }: AppSide, { target, owner }: Admitted, arrivedAt: number): void {
  const url = target.url.replace(/^http/, 'ws');
  const origin = new URL(url).origin;
  let state: 'connecting' | 'answered' | 'open' | 'over' = 'connecting';
  // A stopping server's interrupt: before the relay, both connections are broken, as an HTTP exchange's are.
  let hangUp = () => {
    state = 'over';
    clearTimeout(timeout);
    upstream.terminate();
    socket.destroy();
  };
  const perResponse = protocolOfPath(target.path, target.provider) === 'openai-responses';
  const request = { target: { ...target, url }, method: io.method, headers: io.headers, url: io.url, owner, arrivedAt };
  const captures = new WebSocketCaptures(request, perResponse, settings().limits.maxReplyBytes, () => hangUp());

  const headers = upstreamHeaders(io.headers, target.provider, !ownCredential(io.headers, io.url));
  // The handshake's own headers are ws's to write, for the upstream's handshake.
  for (const name of Object.keys(headers)) if (name.startsWith('sec-websocket-')) delete headers[name];
  const offered = String(io.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((protocol) => protocol.trim())
    .filter(Boolean);
  const upstream = new WebSocket(url, offered, {
    headers: headers as Record<string, string>,
    perMessageDeflate: false,
    autoPong: false,
    followRedirects: false,
  });

  const { headersTimeoutMs } = settings();
  const timeout = setTimeout(() => {
    if (state !== 'connecting') return;
    state = 'over';
    upstream.terminate();
    const message = `The upstream did not answer within ${headersTimeoutMs / 1000} s (${origin}).`;
    captures.endUpgrade('unreachable', message);
    sendError(io, 504, 'upstream_timeout', message);
  }, headersTimeoutMs);
  const appGone = () => {
    if (state === 'open' || state === 'over') return;
    const when = state === 'connecting' ? 'before the upstream answered' : 'before the answer ended';
    state = 'over';
    clearTimeout(timeout);
    upstream.terminate();
    captures.endUpgrade('client-closed', `The app closed the connection ${when}.`);
  };
  socket.once('close', appGone);

  upstream.on('error', (error) => {
    if (state !== 'connecting') return;
    state = 'over';
    clearTimeout(timeout);
    const message = `Cannot reach the upstream at ${origin}: ${error.message}.`;
    captures.endUpgrade('unreachable', message);
    sendError(io, 502, 'upstream_unreachable', message);
  });

  // Refused: its status, headers and body to the app, captured as any HTTP answer is.
  upstream.on('unexpected-response', (handshake, response) => {
    if (state !== 'connecting') return void handshake.destroy();
    state = 'answered';
    clearTimeout(timeout);
    const capture = captures.upgradeCapture();
    capture.responded(response.statusCode ?? 502, response.headers, { wait: false });
    io.writeHead(response.statusCode ?? 502, downstreamHeaders(response.headers));
    io.flushHead?.();
    pipeBody(
      io,
      answerOf(response),
      capture,
      (status, error) => {
        state = 'over';
        handshake.destroy();
        captures.endUpgrade(status, error);
      },
      settings(),
    );
  });

  let opened: IncomingMessage | undefined;
  upstream.once('upgrade', (response) => void (opened = response));
  upstream.once('open', () => {
    if (state !== 'connecting') return upstream.terminate();
    state = 'open';
    clearTimeout(timeout);
    socket.off('close', appGone);
    const upstreamHead = opened?.headers ?? {};
    captures.opened(101, upstreamHead);
    accepted.set(req, { protocol: upstream.protocol || false, headers: headLines(upstreamHead) });
    release();
    let relayed = false;
    appSide.handleUpgrade(req, socket, head, (app) => {
      relayed = true;
      hangUp = relayWebSocket(app, upstream, {
        message: (type, data, binary, now) => captures.message(type, data, binary, now),
        closed: (close) => captures.close(close),
      });
    });
    // ws completes the handshake in this turn, or not at all (the app's socket was gone).
    if (!relayed) {
      upstream.close(1001);
      captures.close({ by: 'app', code: 1006, reason: '', error: 'gone before its handshake was completed' });
    }
  });
}
