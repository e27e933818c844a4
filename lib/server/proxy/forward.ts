import 'server-only';
import { MAX_BODY_BYTES } from '@/lib/api/chat';
import { formatBytes } from '@/lib/sse/limits';
import { CAPTURE_INTERRUPTED } from '@/lib/server/store';
import { exchangeTiming, serverTimingHeader } from '@/lib/server/http/server-timing';
import { relaySettings } from '@/lib/server/streams/settings';
import { streamClosed, streamOpened } from '@/lib/server/platform/telemetry';
import { UpstreamConnectError } from '@/lib/server/streams/relay/http-client';
import { admitExchange, type Admitted } from './admit';
import { inFlight, type InFlight } from './captures/in-flight';
import { CaptureRecorder } from './capture-recorder';
import type { CassetteChoice } from './cassettes/cassette-choice';
import { answerFromCassette } from './cassettes/playback';
import { recordToCassette } from './cassettes/record';
import { GiveUp } from './give-up';
import { sendError } from './io-answers';
import { pipeBody } from './pipe-body';
import type { ProxyIo } from './proxy-io';
import { downstreamHeaders, ownCredential, upstreamHeaders } from './proxy-headers';
import { BodyBrokeOff, bodyIsHere, bodyOf, countedBody, streamedBody, WHOLE_BODY_BYTES, wholeBody } from './request-body';
import { dispatchUpstream, type UpstreamAnswer } from './upstream-dispatch';

let settingsOnce: ReturnType<typeof relaySettings> | undefined;
/** The relay's settings, read from the environment once per process (as the host check's are), not per request. */
const settings = () => (settingsOnce ??= relaySettings());

/**
 * The recording proxy: `/proxy/{providerId}/rest?query` goes to the provider's
 * `baseUrl/rest?query` with the app's method, headers and body, and the upstream's
 * status, headers and body come back as they are, chunk by chunk, with the app's
 * pace (backpressure) and its hang-up (the upstream request is closed) passed on.
 * Only this server's names and no other origin's page may use it, as with every
 * route; the app's own credential passes, or the provider's key is added. Under a
 * cassette that plays back, the cassette answers instead, when it can.
 */
export async function serveProxy(io: ProxyIo, mounted?: CassetteChoice): Promise<void> {
  const arrivedAt = performance.now();
  const admitted = await admitExchange(io, mounted);
  if (!admitted) return;
  const { cassette } = admitted;
  let preread: Buffer | undefined;
  if (cassette && cassette.mode !== 'record') {
    const played = await answerFromCassette(io, admitted.target, { ...cassette, mode: cassette.mode }, admitted.owner);
    if (played === 'answered') return;
    preread = played.body;
  }
  return forwardUpstream(io, admitted, arrivedAt, preread);
}

/** One exchange's capture, made when first needed, and how it ends: once, however it ends. */
interface TrackedExchange {
  capture(): CaptureRecorder;
  finish: CaptureRecorder['end'];
  readonly finished: boolean;
  /** The upstream's head went to the app: a hang-up from now on is "before the answer ended". */
  answered(): void;
  abort: GiveUp;
}

/**
 * The exchange's capture and its place among those in flight (a stop interrupts it).
 * The capture is made once the request is on its way upstream (or as soon as an early
 * end needs it): making it is none of what the app waits for (docs/decisions.md: "The
 * recording proxy's lean path"). `whole`: the body read whole, once it is.
 */
function trackExchange(io: ProxyIo, { target, owner, cassette }: Admitted, arrivedAt: number, whole: () => Buffer | undefined) {
  let made: CaptureRecorder | undefined;
  let answered = false;
  let finished = false;
  const capture = (): CaptureRecorder => {
    if (made) return made;
    const onCassette = cassette && { name: cassette.name, mode: cassette.mode, played: false };
    const { method, headers, url } = io;
    made = new CaptureRecorder({ target, method, headers, url, cassette: onCassette, owner, arrivedAt, body: whole() });
    return made;
  };
  const abort = new GiveUp();
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
  streamOpened('proxy');
  const finish: CaptureRecorder['end'] = (status, error) => {
    if (!finished) streamClosed('proxy');
    finished = true;
    inFlight().delete(exchange);
    const recorder = capture();
    recorder.end(status, error);
    if (cassette) void recordToCassette(cassette.name, owner, recorder.id, recorder.written);
  };
  io.onClose(() => {
    if (finished) return;
    abort.abort();
    const when = answered ? 'before the answer ended' : 'before the upstream answered';
    finish('client-closed', `The app closed the connection ${when}.`);
  });
  const tracked: TrackedExchange = {
    capture,
    finish,
    get finished() {
      return finished;
    },
    answered: () => void (answered = true),
    abort,
  };
  return tracked;
}

/** The request upstream (the key added unless the app sent its own), and the answer back as it comes. */
async function forwardUpstream(io: ProxyIo, admitted: Admitted, arrivedAt: number, preread?: Buffer): Promise<void> {
  const { target, declared } = admitted;
  const { headersTimeoutMs } = settings();
  /**
   * The body's chunks come here for the capture; once it is made (after the request went
   * upstream) those come are handed to it whole, and each one after it as it comes.
   */
  const kept: Buffer[] = [];
  let handedOver = false;
  const keep = (chunk: Buffer) => void (handedOver ? capture().requestChunk(chunk) : kept.push(chunk));
  const exchange = trackExchange(io, admitted, arrivedAt, () => {
    handedOver = true;
    return kept.length > 1 ? Buffer.concat(kept) : kept[0];
  });
  const { capture, finish, abort } = exchange;
  const headers = upstreamHeaders(io.headers, target.provider, !ownCredential(io.headers, io.url));

  const timeout = setTimeout(() => abort.abort(), headersTimeoutMs);
  const source = bodyOf(io);
  const sized = source && declared > 0 && declared <= WHOLE_BODY_BYTES;
  const reading = preread
    ? Promise.resolve(preread)
    : sized && bodyIsHere(source, declared)
      ? wholeBody(source, abort, Infinity, declared)
      : undefined;
  const streamed = sized && !reading ? streamedBody(source, keep) : undefined;
  const counted = source && !reading && !streamed ? countedBody(source, capture(), abort) : undefined;
  let upstream: UpstreamAnswer;
  let sendingAt = arrivedAt;
  try {
    const read = reading && (await reading);
    const whole = read === 'too-large' ? undefined : read;
    if (reading && !whole) throw new BodyBrokeOff();
    if (whole) keep(whole);
    sendingAt = performance.now();
    const sending = dispatchUpstream(target.url, {
      method: io.method,
      headers,
      ...(whole?.byteLength ? { body: whole } : { body: streamed ?? counted }),
      signal: abort,
    });
    // After undici's own turn that writes the request (it checks a reused socket first, in a setImmediate).
    setImmediate(capture);
    upstream = await sending;
  } catch (failure) {
    await streamed?.rest();
    const error = streamed?.brokeOff ? new BodyBrokeOff() : failure;
    if (!exchange.finished)
      answerFailure(io, exchange, error, { origin: new URL(target.url).origin, tooLarge: counted?.tooLarge });
    return;
  } finally {
    clearTimeout(timeout);
  }
  if (exchange.finished) return upstream.destroy();

  exchange.answered();
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

/** Why no answer came, said to the app and kept with the capture: the body's bound, the wait, a broken body, no upstream. */
function answerFailure(
  io: ProxyIo,
  { finish, abort }: TrackedExchange,
  error: unknown,
  { origin, tooLarge }: { origin: string; tooLarge?: boolean },
): void {
  if (tooLarge) {
    finish('unreachable', 'The request body passed the bound.');
    return sendError(io, 413, 'body_too_large', `The request body passed ${formatBytes(MAX_BODY_BYTES)}, the proxy's bound.`);
  }
  if (abort.aborted) {
    const message = `The upstream did not answer within ${settings().headersTimeoutMs / 1000} s (${origin}).`;
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
}
