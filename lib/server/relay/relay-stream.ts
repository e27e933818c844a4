import type { IncomingMessage } from 'node:http';
import { BFF_KEEP_ALIVE, BFF_OPEN, bffEnd } from '@/lib/sse/bff-marker';

export interface RelayOptions {
  /** Send a keep-alive marker after this much upstream silence. */
  keepAliveMs: number;
  /** Give up on an upstream silent for this long. */
  idleMs: number;
  /** Every byte the browser gets, in order, for the server's own copy; `upstream` is false for the BFF's markers. */
  onBytes: (bytes: Uint8Array, upstream: boolean) => void;
  /** The browser's request signal: aborting it stops the stream like Stop does. */
  signal?: AbortSignal;
  /** Called once: how the relay ended. */
  onDone: (outcome: RelayOutcome) => void;
  /** Whole marker lines to send right after `: sluice open`. */
  preamble?: string;
}

export type RelayOutcome = { kind: 'ended' } | { kind: 'failed'; reason: 'upstream-idle' | 'upstream-connection-lost'; message: string } | { kind: 'stopped' };

const encoder = new TextEncoder();
const BOM = [0xef, 0xbb, 0xbf];

/** Bytes the relay may hold ahead of a slow browser before it stops reading the upstream. */
const HIGH_WATER_BYTES = 64 * 1024;

/**
 * The browser's copy of an upstream SSE body, with the BFF's markers at line
 * boundaries. Backpressure holds end to end: at most HIGH_WATER_BYTES wait for a
 * slow browser, then the upstream is not read. One watchdog per stream sends
 * keep-alives and gives up on a stalled upstream (a timer per read measured as the
 * bottleneck).
 */
export function relayStream(upstream: IncomingMessage, options: RelayOptions): ReadableStream<Uint8Array> {
  let lastUpstreamAt = Date.now();
  let lastWriteAt = Date.now();
  let atLineStart = true;
  let first = true;
  let done = false;
  let watchdog: ReturnType<typeof setInterval> | undefined;

  const finish = (outcome: RelayOutcome) => {
    if (done) return;
    done = true;
    clearInterval(watchdog);
    options.onDone(outcome);
  };

  const emit = (controller: ReadableStreamDefaultController<Uint8Array>, bytes: Uint8Array, upstream = true) => {
    if (bytes.byteLength === 0) return;
    const last = bytes[bytes.byteLength - 1];
    atLineStart = last === 10 || last === 13;
    lastWriteAt = Date.now();
    options.onBytes(bytes, upstream);
    controller.enqueue(bytes);
  };
  const emitText = (controller: ReadableStreamDefaultController<Uint8Array>, text: string) => emit(controller, encoder.encode(text), false);
  const end = (controller: ReadableStreamDefaultController<Uint8Array>, outcome: Exclude<RelayOutcome, { kind: 'stopped' }>) => {
    if (done) return;
    const marker = outcome.kind === 'failed' ? { reason: outcome.reason, message: outcome.message } : { reason: 'upstream-eof' as const };
    emitText(controller, (atLineStart ? '' : '\n') + bffEnd(marker));
    controller.close();
    finish(outcome);
  };
  const stop = () => {
    if (done) return;
    finish({ kind: 'stopped' }); // first: destroying fires the upstream's own events at once
    upstream.destroy(); // closes the upstream connection: the upstream sees the disconnect
  };
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop, { once: true });

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // Headers go out with the first body bytes: write something harmless at once.
        emitText(controller, BFF_OPEN + (options.preamble ?? ''));
        const every = Math.max(20, Math.min(options.keepAliveMs, options.idleMs) / 3);
        watchdog = setInterval(() => {
          if (done) return;
          const now = Date.now();
          if (now - lastUpstreamAt >= options.idleMs) {
            end(controller, { kind: 'failed', reason: 'upstream-idle', message: `The upstream sent nothing for ${Math.round(options.idleMs / 1000)} s.` });
            upstream.destroy();
          } else if (now - lastWriteAt >= options.keepAliveMs && atLineStart) {
            emitText(controller, BFF_KEEP_ALIVE);
          }
        }, every);
        watchdog.unref?.();

        // Reads that land in one turn of the event loop go out as one chunk: Next.js
        // pays per chunk written, and setImmediate adds well under a millisecond.
        let batch: Buffer[] = [];
        let scheduled = false;
        const flush = () => {
          scheduled = false;
          if (done || batch.length === 0) return;
          const chunk = batch.length === 1 ? batch[0]! : Buffer.concat(batch);
          batch = [];
          let bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
          if (first) {
            first = false;
            // A BOM is only special at the very start, and our marker came first.
            if (BOM.every((b, i) => bytes[i] === b)) bytes = bytes.subarray(3);
          }
          emit(controller, bytes);
          if ((controller.desiredSize ?? 0) <= 0) upstream.pause();
        };
        upstream.on('data', (chunk: Buffer) => {
          if (done) return;
          lastUpstreamAt = Date.now();
          batch.push(chunk);
          if (!scheduled) {
            scheduled = true;
            setImmediate(flush);
          }
        });
        upstream.once('end', () => {
          flush();
          end(controller, { kind: 'ended' });
        });
        const lost = (error?: Error) => {
          flush();
          end(controller, { kind: 'failed', reason: 'upstream-connection-lost', message: `The upstream connection broke: ${error?.message ?? 'reset by the peer'}` });
        };
        upstream.once('error', lost);
        upstream.once('aborted', () => lost());
        upstream.once('close', () => {
          if (!upstream.complete) lost();
        });
      },
      // Events, not a read() promise per chunk: under Next.js every promise carries request context.
      pull() {
        upstream.resume();
      },
      // The browser went away (or pressed Stop): abort the upstream at once.
      cancel: stop,
    },
    { highWaterMark: HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
  );
}
