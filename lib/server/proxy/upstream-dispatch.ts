import 'server-only';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { upstreamPool, UpstreamConnectError } from '@/lib/server/streams/relay/http-client';
import type { Abortable } from './give-up';

/** What takes an upstream's body: called as undici parses it, several pieces in one turn when one read of the socket held them. */
export interface BodySink {
  data(chunk: Buffer): void;
  end(): void;
  error(error: Error): void;
}

/** An upstream's answer at its head; its body goes to the sink `take` is given. */
export interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Some of the body came in the read that held the head: `take` hands it over at once. */
  readonly bodyWaiting: boolean;
  take(sink: BodySink): void;
  /** Stops reading the upstream's socket (from the next piece on); resume() reads on. */
  pause(): void;
  resume(): void;
  /** Closes the upstream request; the sink hears nothing more. */
  destroy(): void;
}

class ClosedByProxy extends Error {
  constructor() {
    super('The proxy closed the upstream request.');
  }
}

/**
 * One exchange at undici's dispatch level: its parser's callbacks go straight to the
 * proxy's sink, without the request API's Readable between (its push, buffer and 'data'
 * event for each of a stream's thousands of pieces), and backpressure is the
 * controller's pause and resume (docs/decisions.md: "The proxy at undici's dispatch level").
 */
class ProxyHandler implements Dispatcher.DispatchHandler, UpstreamAnswer {
  status = 0;
  headers: IncomingHttpHeaders = {};
  private controller?: Dispatcher.DispatchController;
  private sink?: BodySink;
  /** What came before a sink took the body: pieces, then maybe its end or error. */
  private early: Buffer[] = [];
  private earlyEnd?: { error?: Error };
  private answered = false;
  private closed = false;
  /** The signal fired before undici gave the controller (the request waits for a connection). */
  private pendingAbort?: Error;
  /** Before the head, the request fails with the signal's reason; after it, the body is closed. */
  private readonly onAbort = () => {
    if (this.answered) return this.destroy();
    const reason = this.signal.reason instanceof Error ? this.signal.reason : new ClosedByProxy();
    if (this.controller) this.controller.abort(reason);
    else this.pendingAbort = reason;
  };

  constructor(
    private readonly signal: Abortable,
    private readonly resolve: (answer: UpstreamAnswer) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    if (signal.aborted) this.onAbort();
    else signal.addEventListener('abort', this.onAbort, { once: true });
  }

  get bodyWaiting(): boolean {
    return this.early.length > 0 || this.earlyEnd !== undefined;
  }

  /** Over: the signal has nothing more to close. */
  private over(): void {
    this.signal.removeEventListener('abort', this.onAbort);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.pendingAbort) controller.abort(this.pendingAbort);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders): void {
    if (status < 200) return; // informational (100 Continue): the answer's own head comes after
    this.status = status;
    this.headers = headers;
    this.answered = true;
    this.resolve(this);
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.sink) this.sink.data(chunk);
    else if (!this.closed) this.early.push(chunk);
  }

  onResponseEnd(): void {
    this.over();
    if (this.sink) this.sink.end();
    else this.earlyEnd = {};
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.over();
    if (!this.answered) {
      if (this.signal.aborted) return this.reject(error);
      const { message, code } = error as NodeJS.ErrnoException;
      return this.reject(new UpstreamConnectError(message, code));
    }
    if (this.closed) return;
    if (this.sink) this.sink.error(error);
    else this.earlyEnd = { error };
  }

  take(sink: BodySink): void {
    if (this.closed) return;
    this.sink = sink;
    const early = this.early;
    this.early = [];
    for (const chunk of early) sink.data(chunk);
    const end = this.earlyEnd;
    if (end) return end.error ? sink.error(end.error) : sink.end();
  }

  pause(): void {
    this.controller?.pause();
  }

  resume(): void {
    this.controller?.resume();
  }

  destroy(): void {
    if (this.closed) return;
    this.closed = true;
    this.over();
    this.sink = undefined;
    this.early = [];
    this.controller?.abort(new ClosedByProxy());
  }
}

/** Upstream URLs as undici takes them (origin, path and query), by URL: an app calls the same few again and again. */
const parsed = new Map<string, { origin: string; path: string } | { protocol: string }>();
const PARSED_KEPT = 256;

function parsedUrl(url: string): { origin: string; path: string } | { protocol: string } {
  let known = parsed.get(url);
  if (!known) {
    const target = new URL(url);
    known =
      target.protocol === 'http:' || target.protocol === 'https:'
        ? { origin: target.origin, path: target.pathname + target.search }
        : { protocol: target.protocol };
    if (parsed.size >= PARSED_KEPT) parsed.clear();
    parsed.set(url, known);
  }
  return known;
}

/**
 * Any request, for the recording proxy: the app's method, headers and body (whole, or
 * streamed as it arrives: a stream, or an iterable pulled as the socket drains), on the shared pool. Resolves at the response's head. Not sent
 * again on a stale connection: the app's body has been read by then, and the app retries itself.
 */
export function dispatchUpstream(
  url: string,
  init: {
    method: string;
    headers: Record<string, string | string[]>;
    body?: Readable | Buffer | AsyncIterable<Buffer>;
    signal: Abortable;
  },
): Promise<UpstreamAnswer> {
  const target = parsedUrl(url);
  if ('protocol' in target) return Promise.reject(new UpstreamConnectError(`unsupported protocol ${target.protocol}`));
  return new Promise((resolve, reject) => {
    const handler = new ProxyHandler(init.signal, resolve, reject);
    upstreamPool.dispatch(
      {
        origin: target.origin,
        path: target.path,
        method: init.method as Dispatcher.HttpMethod,
        headers: init.headers,
        // undici writes an async iterable as it yields (client-h1's writeIterable); its types list only streams.
        body: (init.body ?? null) as Dispatcher.DispatchOptions['body'],
      },
      handler,
    );
  });
}
