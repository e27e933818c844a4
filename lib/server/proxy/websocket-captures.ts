import 'server-only';
import type { IncomingHttpHeaders } from 'node:http';
import type { CaptureStatus } from '@/lib/api/captures';
import { formatBytes } from '@/lib/sse/limits';
import { CAPTURE_INTERRUPTED } from '@/lib/server/store';
import { inFlight, type InFlight } from './captures/in-flight';
import { CaptureRecorder } from './capture-recorder';
import type { ProxyTarget } from './target';
import { messageType, RESPONSE_CREATE, RESPONSE_ENDS } from './websocket-messages';

type Ended = Exclude<CaptureStatus, 'streaming'>;

/** How a connection closed, as the relay saw it first: who closed it, its code and reason, and an error if one broke it. */
export interface SocketClose {
  by: 'app' | 'upstream';
  code: number;
  reason: string;
  error?: string;
}

/** What each capture of a connection is of: its upgrade request. */
export interface UpgradeRequest {
  target: ProxyTarget;
  method: string;
  headers: IncomingHttpHeaders;
  url: string;
  owner: string;
  /** When the upgrade request came (performance.now()). */
  arrivedAt: number;
}

/** Codes of a close that is no failure: normal, going away, and a close frame without a code. */
const NORMAL_CLOSE = new Set([1000, 1001, 1005]);

const closeText = ({ code, reason, error }: SocketClose) =>
  `${code}${reason ? ` "${reason.slice(0, 200)}"` : ''}${error ? ` (${error.slice(0, 200)})` : ''}`;

/** A close's status for the capture it ends; `midResponse`: a response was asked for and had not ended. */
export function closeStatus(close: SocketClose, midResponse: boolean): [Ended, string?] {
  const app = close.by === 'app';
  if (close.code === 1006)
    return app
      ? ['client-closed', `The app's connection dropped without a close frame${close.error ? ` (${close.error})` : ''}.`]
      : ['upstream-error', `The upstream connection dropped without a close frame${close.error ? ` (${close.error})` : ''}.`];
  if (!NORMAL_CLOSE.has(close.code))
    return app
      ? ['client-closed', `The app closed the WebSocket with ${closeText(close)}.`]
      : ['upstream-error', `The upstream closed the WebSocket with ${closeText(close)}.`];
  if (midResponse)
    return app
      ? ['client-closed', `The app closed the WebSocket (${closeText(close)}) before the response ended.`]
      : ['upstream-error', `The upstream closed the WebSocket (${closeText(close)}) before the response ended.`];
  return ['complete'];
}

/** A message that came between two responses, kept for the next capture. */
interface Between {
  type: 'send' | 'receive';
  data: Buffer;
  binary: boolean;
  at: number;
}

/** At most this many messages wait between two responses for the next one's capture; more are dropped (and it is marked cut). */
const BETWEEN_MAX = 1000;

/**
 * The captures of one proxied WebSocket connection. Over the Responses API's WebSocket
 * mode (a `/responses` path) an app asks for one response after another on one
 * connection (Codex keeps it for its session): each `response.create` starts a capture of
 * its own, timed from it, its request body that message, ended `complete` by the
 * response's last event (`response.completed`, `failed`, `incomplete`, `error`), so each
 * has its reply, usage and figures as an HTTP stream's would. Messages between two
 * responses (`response.processed`) go with the next one's capture, before its start. A
 * connection that carried no response is a capture of its own, from its upgrade. Any
 * other path is one capture for the whole connection, the app's text messages its
 * request body, a line each. Each capture open is in flight (a stopping server ends it
 * `interrupted`); a connection idle between responses is not, so captures are not held
 * back for it (`whenQuiet`).
 */
export class WebSocketCaptures {
  private current?: { recorder: CaptureRecorder; entry: InFlight; midResponse: boolean };
  private head?: { status: number; headers: IncomingHttpHeaders };
  private between: Between[] = [];
  private betweenBytes = 0;
  private betweenDropped = false;
  private made = 0;
  private closed = false;

  constructor(
    private readonly request: UpgradeRequest,
    /** One capture per response (the Responses API's mode), or one for the connection. */
    private readonly perResponse: boolean,
    private readonly maxBytes: number,
    /** Closes both sides: a stopping server's interrupt. */
    private readonly hangUp: () => void,
  ) {}

  /**
   * The connection's capture while it is not open yet (its upgrade refused, or no
   * upstream): made on the first call, timed from the upgrade request.
   */
  upgradeCapture(): CaptureRecorder {
    return (this.current ??= this.open(this.request.arrivedAt)).recorder;
  }

  /** Ends the upgrade's capture (refused, unreachable, the app gone before it opened); nothing is open after it. */
  endUpgrade(status: Ended, error?: string): void {
    this.end(status, error);
    this.closed = true;
  }

  /** The upstream took the upgrade: every capture of the connection has its 101 head. */
  opened(status: number, headers: IncomingHttpHeaders): void {
    this.head = { status, headers };
    if (!this.perResponse) this.upgradeCapture();
  }

  /** One message relayed, `send` the app's, at `now` (performance.now()). */
  message(type: 'send' | 'receive', data: Buffer, binary: boolean, now: number): void {
    if (this.closed) return;
    const kind = binary ? undefined : messageType(data);
    if (this.perResponse && type === 'send' && kind === RESPONSE_CREATE) {
      if (this.current)
        this.end('client-closed', `The app asked for its next response (${RESPONSE_CREATE}) before this one ended.`);
      this.current = this.open(now, data);
      this.current.midResponse = true;
      for (const early of this.between.splice(0)) this.record(early.type, early.data, early.binary, early.at);
      this.betweenBytes = 0;
    }
    if (!this.current) return this.keepBetween(type, data, binary, now);
    this.record(type, data, binary, now);
    if (!this.perResponse && type === 'send' && !binary) this.current.recorder.requestChunk(Buffer.concat([data, NEWLINE]));
    if (this.perResponse && type === 'receive' && kind && RESPONSE_ENDS.has(kind)) {
      this.current.midResponse = false;
      this.end('complete');
    }
  }

  /** The connection closed: the capture open ends as the close says; one that carried no response is captured now. */
  close(close: SocketClose): void {
    if (this.closed) return;
    if (!this.current && (this.between.length || this.made === 0)) {
      // After a response: from the first message since; a connection that carried none: from its upgrade.
      this.current = this.open(this.made > 0 ? this.between[0]!.at : this.request.arrivedAt);
      for (const early of this.between.splice(0)) this.record(early.type, early.data, early.binary, early.at);
    }
    if (this.current) {
      this.current.recorder.webSocketClosed({ by: close.by, code: close.code, reason: close.reason });
      this.end(...closeStatus(close, this.current.midResponse));
    }
    this.closed = true;
  }

  private keepBetween(type: 'send' | 'receive', data: Buffer, binary: boolean, at: number): void {
    if (this.between.length >= BETWEEN_MAX || this.betweenBytes + data.byteLength > this.maxBytes) {
      this.betweenDropped = true;
      return;
    }
    this.betweenBytes += data.byteLength;
    this.between.push({ type, data: Buffer.from(data), binary, at });
  }

  private record(type: 'send' | 'receive', data: Buffer, binary: boolean, at: number): void {
    this.current!.recorder.webSocketMessage(type, data, binary, at);
  }

  private open(arrivedAt: number, body?: Buffer): NonNullable<WebSocketCaptures['current']> {
    const { target, method, headers, url, owner } = this.request;
    const recorder = new CaptureRecorder({ target, method, headers, url, owner, arrivedAt, ...(body ? { body } : {}) });
    recorder.webSocket(this.maxBytes);
    if (this.head) recorder.webSocketOpened(this.head.status, this.head.headers);
    // Listed at its first message from the upstream, or shortly after it began, whichever comes first.
    if (body) recorder.waitToList();
    const entry: InFlight = {
      interrupt: () => {
        this.end('interrupted', CAPTURE_INTERRUPTED);
        this.closed = true;
        this.hangUp();
      },
      written: recorder.written,
    };
    inFlight().add(entry);
    this.made++;
    const current = { recorder, entry, midResponse: false };
    if (this.betweenDropped) recorder.webSocketDropped();
    this.betweenDropped = false;
    return current;
  }

  /** Ends the capture open, if one is: `cut` when messages were past the bound. */
  private end(status: Ended, error?: string): void {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    inFlight().delete(current.entry);
    if (current.recorder.webSocketTruncated && status !== 'interrupted') {
      const cut = `Messages past ${formatBytes(this.maxBytes)} (SLUICE_MAX_REPLY_BYTES) were passed on but not kept.`;
      return current.recorder.end('cut', error ? `${cut} ${error}` : cut);
    }
    current.recorder.end(status, error);
  }
}

const NEWLINE = Buffer.from('\n');
