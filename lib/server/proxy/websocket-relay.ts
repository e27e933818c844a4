import 'server-only';
import WebSocket from 'ws';
import type { SocketClose } from './websocket-captures';

/** What the relay tells its capture: each message as it passes, and the close, once. */
export interface RelayHooks {
  message(type: 'send' | 'receive', data: Buffer, binary: boolean, now: number): void;
  closed(close: SocketClose): void;
}

/**
 * Bytes sent to one side and not yet written to its socket past which the other side is
 * no longer read (`pause`), and below which it is read again: the slower side sets the
 * pace, as the HTTP proxy's body does (pipe-body.ts).
 */
const HIGH_WATER = 1 << 20;
const LOW_WATER = 256 << 10;

/** A close code passed on as it came: ws synthesizes 1005 (a close frame without one) and 1006 (no close frame), which are never sent. */
function passClose(to: WebSocket, code: number, reason: Buffer): void {
  if (to.readyState === WebSocket.CLOSED) return;
  if (code === 1006) return to.terminate();
  if (code === 1005 || to.readyState !== WebSocket.OPEN) return to.close();
  try {
    to.close(code, reason);
  } catch {
    // A code ws refuses to send (it checks them as it reads them too, so only in theory): closed plainly.
    to.close();
  }
}

/** One direction: `from`'s messages to `to` as they come, each told first; pings and pongs passed on too, not answered here. */
function pipe(from: WebSocket, to: WebSocket, type: 'send' | 'receive', hooks: RelayHooks): void {
  let waiting = 0;
  let paused = false;
  from.on('message', (raw: WebSocket.RawData, binary: boolean) => {
    // The default binaryType ('nodebuffer'): one Buffer per message, fragments joined.
    const data = raw as Buffer;
    hooks.message(type, data, binary, performance.now());
    if (to.readyState !== WebSocket.OPEN) return;
    const size = data.byteLength;
    waiting += size;
    to.send(data, { binary }, () => {
      waiting -= size;
      if (paused && waiting <= LOW_WATER) {
        paused = false;
        from.resume();
      }
    });
    if (!paused && waiting > HIGH_WATER) {
      paused = true;
      from.pause();
    }
  });
  from.on('ping', (data: Buffer) => {
    if (to.readyState === WebSocket.OPEN) to.ping(data);
  });
  from.on('pong', (data: Buffer) => {
    if (to.readyState === WebSocket.OPEN) to.pong(data);
  });
}

/**
 * Relays an open WebSocket between the app and the upstream: every message both ways,
 * unchanged (text stays text, binary binary), at the slower side's pace; pings and pongs
 * passed on (neither side's are answered by the proxy: both are made with `autoPong`
 * off); and a close passed on with its code and reason, a dropped connection dropped.
 * The first side to close is the one that closed it. Returns what closes both (a
 * stopping server: 1001, going away).
 */
export function relayWebSocket(app: WebSocket, upstream: WebSocket, hooks: RelayHooks): () => void {
  const errors: Partial<Record<SocketClose['by'], string>> = {};
  let closed = false;
  const onClose = (by: SocketClose['by'], other: WebSocket) => (code: number, reason: Buffer) => {
    if (!closed) {
      closed = true;
      const error = errors[by];
      hooks.closed({ by, code, reason: reason.toString('utf8'), ...(error ? { error } : {}) });
    }
    passClose(other, code, reason);
  };
  // Errors (a malformed frame, a reset) are followed by 'close' (1006, or the code ws sent): kept to say why.
  app.on('error', (error) => void (errors.app = error.message));
  upstream.on('error', (error) => void (errors.upstream = error.message));
  app.on('close', onClose('app', upstream));
  upstream.on('close', onClose('upstream', app));
  pipe(app, upstream, 'send', hooks);
  pipe(upstream, app, 'receive', hooks);
  return () => {
    for (const side of [app, upstream]) passClose(side, 1001, Buffer.from('Sluice is stopping'));
  };
}
