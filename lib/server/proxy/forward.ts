import 'server-only';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { MAX_BODY_BYTES } from '@/lib/api/chat';
import { providers } from '@/lib/providers/config';
import { relaySettings } from '@/lib/server/streams/settings';
import { UpstreamConnectError } from '@/lib/server/streams/relay/http-client';
import { inFlight, type InFlight } from './captures/in-flight';
import { CAPTURE_INTERRUPTED } from '../store';
import { formatBytes } from '@/lib/sse/limits';
import { CAPTURED_BODY_BYTES, CaptureRecorder } from './capture-recorder';
import { refusedHere, sendError } from './io-answers';
import { credentialValues, downstreamHeaders, ownCredential, upstreamHeaders, withoutPlaceholder } from './proxy-headers';
import { proxyTarget, type ProxyTarget } from './target';
import { dispatchUpstream, type UpstreamAnswer } from './upstream-dispatch';
import { GiveUp, type Abortable } from './give-up';
import { exchangeTiming, serverTimingHeader } from '@/lib/server/http/server-timing';
import { cassetteFor, type CassetteChoice } from './cassettes/cassette-choice';
import { CassetteError } from './cassettes/cassette-file';
import { playFromCassette } from './cassettes/playback';
import { recordToCassette } from './cassettes/record';
import { proxyCaller } from '../auth/current-user';
import { TOKEN_HEADER } from '../auth/tokens/sluice-token';

/**
 * One HTTP exchange as the proxy sees it, whichever server carries it: Node's own
 * (the lean path, `lean-path.ts`) or a Next.js route (the fallback, `app/proxy`).
 */
export interface ProxyIo {
  method: string;
  /** The path and query, from `/proxy/`. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The request's body, for methods that have one. */
  body?: Readable;
  writeHead(status: number, headers: OutgoingHttpHeaders): void;
  /** Sends the head now, before any of the body (where the head is otherwise sent with the first write). */
  flushHead?(): void;
  /** False: wait for onDrain before writing more. */
  write(chunk: Buffer): boolean;
  end(): void;
  /** Breaks the connection: the upstream broke mid-body, and the app must not take a cut body for a whole one. */
  destroy(): void;
  onDrain(listener: () => void): void;
  /** The app closed its connection before the answer ended. */
  onClose(listener: () => void): void;
}

const HAS_NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

let settingsOnce: ReturnType<typeof relaySettings> | undefined;
/** The relay's settings, read from the environment once per process (as the host check's are), not per request. */
const settings = () => (settingsOnce ??= relaySettings());

/**
 * The recording proxy: `/proxy/{providerId}/rest?query` goes to the provider's
 * `baseUrl/rest?query` with the app's method, headers and body, and the upstream's
 * status, headers and body come back as they are, chunk by chunk, with the app's
 * pace (backpressure) and its hang-up (the upstream request is closed) passed on.
 * Only this server's names and no other origin's page may use it, as with every
 * route; the app's own credential passes, or the provider's key is added.
 */
export async function serveProxy(io: ProxyIo, mounted?: CassetteChoice): Promise<void> {
  const arrivedAt = performance.now();
  if (refusedHere(io)) return;
  // Whose the exchange is: its Sluice token's holder (no wait once the token is known).
  let caller = proxyCaller(io.headers, io.url);
  if (caller instanceof Promise) caller = await caller;
  if ('refused' in caller) return sendError(io, 401, 'sign_in_required', caller.refused, { header: TOKEN_HEADER });
  const owner = caller.id;

  const all = providers();
  const target = proxyTarget(withoutPlaceholder(io.url), all);
  if ('malformed' in target) return sendError(io, 404, 'not_found', 'Proxy paths are /proxy/{providerId}/… .');
  if ('unknown' in target)
    return sendError(
      io,
      404,
      'not_found',
      `No provider "${target.unknown.slice(0, 100)}" is configured. Configured: ${all.map((p) => p.id).join(', ')}.`,
      { providers: all.map((p) => p.id) },
    );
  const declared = Number(io.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES)
    return sendError(
      io,
      413,
      'body_too_large',
      `The request body is ${formatBytes(declared)}; the proxy takes at most ${formatBytes(MAX_BODY_BYTES)}.`,
    );

  const cassette = cassetteFor(io.headers, target.provider, mounted);
  if (cassette && 'error' in cassette) return sendError(io, 400, 'invalid_request', cassette.error);
  let preread: Buffer | undefined;
  if (cassette && cassette.mode !== 'record') {
    const played = await fromCassette(io, target, { ...cassette, mode: cassette.mode }, owner);
    if (played === 'answered') return;
    preread = played.body;
  }

  const { headersTimeoutMs } = settings();
  const withKey = !ownCredential(io.headers, io.url);
  const { headers, url } = io;
  /** The body read whole before the request goes upstream. */
  let whole: Buffer | undefined;
  // The capture is made once the request is on its way upstream (or as soon as an early
  // end needs it): making it is none of what the app waits for (docs/decisions.md:
  // "The recording proxy's lean path").
  let made: CaptureRecorder | undefined;
  const capture = (): CaptureRecorder => {
    if (made) return made;
    made = new CaptureRecorder(
      target,
      io.method,
      headers,
      () => credentialValues(headers, url),
      cassette && { name: cassette.name, mode: cassette.mode, played: false },
      owner,
      arrivedAt,
    );
    if (whole) made.requestChunk(whole);
    return made;
  };
  const abort = new GiveUp();
  let answered = false;
  let finished = false;
  const exchange: InFlight = {
    interrupt: () => {
      if (finished) return;
      finish('interrupted', CAPTURE_INTERRUPTED);
      abort.abort();
      io.destroy();
    },
    get written() {
      return capture().written;
    },
  };
  inFlight().add(exchange);
  const finish: CaptureRecorder['end'] = (status, error) => {
    finished = true;
    inFlight().delete(exchange);
    const recorder = capture();
    recorder.end(status, error);
    if (cassette) void recordToCassette(cassette.name, owner, recorder.id, recorder.written);
  };
  io.onClose(() => {
    if (finished) return;
    abort.abort();
    finish(
      'client-closed',
      answered
        ? 'The app closed the connection before the answer ended.'
        : 'The app closed the connection before the upstream answered.',
    );
  });

  const timeout = setTimeout(() => abort.abort(), headersTimeoutMs);
  const source = HAS_NO_BODY.has(io.method) ? undefined : io.body;
  const reading = preread
    ? Promise.resolve(preread)
    : source && declared > 0 && declared <= WHOLE_BODY_BYTES
      ? wholeBody(source, abort, Infinity, declared)
      : undefined;
  const counted = source && !reading ? countedBody(source, capture(), abort) : undefined;
  let upstream: UpstreamAnswer;
  let sendingAt = arrivedAt;
  try {
    const read = reading && (await reading);
    whole = read === 'too-large' ? undefined : read;
    if (reading && !whole) throw new BodyBrokeOff();
    sendingAt = performance.now();
    const sending = dispatchUpstream(target.url, {
      method: io.method,
      headers: upstreamHeaders(io.headers, target.provider, withKey),
      ...(whole?.byteLength ? { body: whole } : counted ? { body: counted } : {}),
      signal: abort,
    });
    // After undici's own turn that writes the request (it checks a reused socket first, in a setImmediate).
    setImmediate(capture);
    upstream = await sending;
  } catch (error) {
    if (finished) return;
    const origin = new URL(target.url).origin;
    if (counted?.tooLarge) {
      finish('unreachable', 'The request body passed the bound.');
      return sendError(io, 413, 'body_too_large', `The request body passed ${formatBytes(MAX_BODY_BYTES)}, the proxy's bound.`);
    }
    if (abort.aborted) {
      const message = `The upstream did not answer within ${headersTimeoutMs / 1000} s (${origin}).`;
      finish('unreachable', message);
      return sendError(io, 504, 'upstream_timeout', message);
    }
    if (error instanceof BodyBrokeOff) {
      finish('client-closed', error.message);
      return io.destroy();
    }
    const reason = error instanceof UpstreamConnectError ? error.message : String(error);
    const message = `Cannot reach the upstream at ${origin}: ${reason}.`;
    finish('unreachable', message);
    return sendError(io, 502, 'upstream_unreachable', message);
  } finally {
    clearTimeout(timeout);
  }
  if (finished) return upstream.destroy();

  answered = true;
  const timing = exchangeTiming(arrivedAt, sendingAt, performance.now());
  const head = downstreamHeaders(upstream.headers);
  head['server-timing'] = serverTimingHeader(timing, upstream.headers['server-timing']);
  io.writeHead(upstream.status, head);
  // The head goes out as it came, not with the first chunk, unless that came with it.
  if (!upstream.bodyWaiting) io.flushHead?.();
  const recorder = capture();
  recorder.responded(upstream.status, upstream.headers, { wait: false });
  pipeBody(io, upstream, recorder, finish, settings());
}

/**
 * A request under a cassette that may play back: its body read whole (it is part of
 * what matches), then answered from the cassette, or handed back to go upstream.
 */
async function fromCassette(
  io: ProxyIo,
  target: ProxyTarget,
  cassette: Parameters<typeof playFromCassette>[2],
  owner: string,
): Promise<'answered' | { body: Buffer }> {
  const abort = new AbortController();
  io.onClose(() => abort.abort());
  const source = HAS_NO_BODY.has(io.method) ? undefined : io.body;
  const body = source ? await wholeBody(source, abort.signal, MAX_BODY_BYTES) : Buffer.alloc(0);
  if (body === 'too-large') {
    sendError(io, 413, 'body_too_large', `The request body passed ${formatBytes(MAX_BODY_BYTES)}, the proxy's bound.`);
    return 'answered';
  }
  if (!body) {
    io.destroy();
    return 'answered';
  }
  const query = target.url.indexOf('?');
  try {
    const outcome = await playFromCassette(
      io,
      target,
      cassette,
      body,
      target.path + (query === -1 ? '' : target.url.slice(query)),
      owner,
    );
    return outcome === 'answered' ? outcome : { body };
  } catch (error) {
    if (!(error instanceof CassetteError)) throw error;
    sendError(io, 500, 'server_error', error.message);
    return 'answered';
  }
}

/**
 * A body of a declared length up to WHOLE_BODY_BYTES (an SDK's request, in practice) is
 * read whole before the request goes upstream, and sent with its head in one write, as
 * nginx buffers request bodies: streamed on, undici sent the head only with the first
 * chunk, which reached it through a stream of its own several turns of the event loop
 * later (docs/decisions.md: "The recording proxy's lean path"). The upstream reads the
 * whole body before it answers anyway; the capture keeps that much of it too.
 */
const WHOLE_BODY_BYTES = CAPTURED_BODY_BYTES;

class BodyBrokeOff extends Error {
  constructor() {
    super("The app's request body broke off before its end.");
  }
}

/**
 * The whole body; undefined when it broke off, or the request was given up (the app
 * hung up, or the wait for headers ran out); `too-large` past `max` bytes. At its
 * `declared` length it is whole: taken then, not at 'end', a few turns later.
 */
function wholeBody(
  source: Readable,
  signal: Abortable,
  max = Infinity,
  declared?: number,
): Promise<Buffer | undefined | 'too-large'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    source.on('data', (chunk: Buffer) => {
      bytes += chunk.byteLength;
      if (bytes > max) {
        source.destroy();
        return resolve('too-large');
      }
      chunks.push(chunk);
      // One chunk (an SDK's request, as a rule) is taken as it is, not copied.
      if (bytes === declared) resolve(chunks.length === 1 ? chunk : Buffer.concat(chunks));
    });
    source.once('end', () => resolve(Buffer.concat(chunks)));
    // After 'end' these change nothing.
    source.once('close', () => resolve(undefined));
    source.once('error', () => resolve(undefined));
    signal.addEventListener('abort', () => resolve(undefined), { once: true });
  });
}

/** The app's body on its way upstream, kept for the capture and bounded. */
function countedBody(source: Readable, capture: CaptureRecorder, abort: GiveUp): PassThrough & { tooLarge?: boolean } {
  const out: PassThrough & { tooLarge?: boolean } = new PassThrough();
  let bytes = 0;
  source.on('data', (chunk: Buffer) => {
    bytes += chunk.byteLength;
    if (bytes > MAX_BODY_BYTES) {
      out.tooLarge = true;
      source.destroy();
      abort.abort();
      return;
    }
    capture.requestChunk(chunk);
    if (!out.write(chunk)) source.pause();
  });
  out.on('drain', () => source.resume());
  source.once('end', () => out.end());
  source.once('error', (error) => out.destroy(error));
  return out;
}

/**
 * The upstream's body to the app, as it comes, at the app's pace; bounded, watched for
 * silence. The pieces undici parses from one read of the upstream's socket (one per
 * HTTP chunk: a fast stream's read holds many) are kept one by one for the capture, and
 * go to the app as one write once the read is parsed (a microtask later, before any
 * other I/O), as nginx passes on what one read gave it: the capture's copy of them, one
 * run of bytes. Written one by one, each cost Node's chunked framing and a slot in the
 * socket's writev, on the proxy's main thread the larger part of relaying
 * (docs/decisions.md: "The proxy at undici's dispatch level").
 */
function pipeBody(
  io: ProxyIo,
  upstream: UpstreamAnswer,
  capture: CaptureRecorder,
  finish: CaptureRecorder['end'],
  settings: ReturnType<typeof relaySettings>,
): void {
  let bytes = 0;
  let lastAt = performance.now();
  let over = false;
  /** Where this read's bytes start in the capture's copy; -1: none waiting to be written. */
  let readFrom = -1;
  let watchdog: ReturnType<typeof setInterval> | undefined;
  const watch = () => {
    if (over) return;
    watchdog = setInterval(
      () => {
        if (performance.now() - lastAt < settings.idleMs) return;
        over = true;
        clearInterval(watchdog);
        upstream.destroy();
        finish('upstream-error', `The upstream sent nothing for ${Math.round(settings.idleMs / 1000)} s.`);
        io.destroy();
      },
      Math.max(50, settings.idleMs / 4),
    );
    watchdog.unref?.();
  };
  const stop = () => {
    over = true;
    clearInterval(watchdog);
  };
  const write = () => {
    if (readFrom === -1) return;
    const read = capture.responseFrom(readFrom);
    readFrom = -1;
    if (!io.write(read)) {
      upstream.pause();
      io.onDrain(() => upstream.resume());
    }
  };
  const writeRead = () => {
    if (!over) write();
  };
  upstream.take({
    data: (chunk) => {
      if (over) return;
      bytes += chunk.byteLength;
      if (bytes > settings.limits.maxReplyBytes) {
        stop();
        upstream.destroy();
        finish(
          'cut',
          `The answer passed ${formatBytes(settings.limits.maxReplyBytes)} (SLUICE_MAX_REPLY_BYTES); the rest was not read.`,
        );
        return io.destroy();
      }
      if (readFrom === -1) {
        lastAt = performance.now();
        readFrom = capture.responseBytes;
        queueMicrotask(writeRead);
      }
      capture.responseChunk(chunk, lastAt);
    },
    end: () => {
      if (over) return;
      write();
      stop();
      io.end();
      finish('complete');
    },
    error: (error) => {
      if (over) return;
      stop();
      finish('upstream-error', `The upstream connection broke: ${error.message}`);
      io.destroy();
    },
  });
  // The timers once what came with the head is written (the microtask queued before this one):
  // setting them up is none of the app's wait for it.
  queueMicrotask(() => {
    watch();
    capture.waitToList();
  });
}
