import type { IncomingMessage } from 'node:http';
import type { bffMarkers } from '@/lib/sse/bff-marker';
import { SecretScrubber } from './secret-scrubber';
import { WireBounds, type BoundBroken, type WireLimits } from './wire-bounds';

export interface RelayOptions {
  /** This response's markers (with its nonce). */
  markers: ReturnType<typeof bffMarkers>;
  /** Bounds on a line, an event and the whole reply: past one, the upstream is aborted. */
  limits: WireLimits;
  /** Values that must never be passed on (the provider's key and secret headers): replaced by [redacted]. */
  secrets: (string | undefined)[];
  /** When the server's copy has fallen behind: a promise of room, and the upstream is not read until then. */
  backlog?: () => Promise<void> | undefined;
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
  /** Whole marker lines to send right after the open marker. */
  preamble?: string;
}

export type RelayOutcome =
  | { kind: 'ended' }
  | { kind: 'failed'; reason: 'upstream-idle' | 'upstream-connection-lost'; message: string }
  | ({ kind: 'bounded' } & BoundBroken)
  | { kind: 'stopped' };

const encoder = new TextEncoder();
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Drops the upstream's leading BOM however its three bytes arrive: a BOM is special
 * only at the start of a stream, and in the relayed body the BFF's marker comes first.
 */
class LeadingBom {
  private held: Buffer | undefined = Buffer.alloc(0);

  push(chunk: Buffer): Buffer {
    if (!this.held) return chunk;
    const bytes = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    const n = Math.min(3, bytes.length);
    if (!bytes.subarray(0, n).equals(BOM.subarray(0, n))) return this.done(bytes);
    if (n < 3) {
      this.held = bytes;
      return Buffer.alloc(0);
    }
    return this.done(bytes.subarray(3));
  }

  flush(): Buffer {
    return this.done(this.held ?? Buffer.alloc(0));
  }

  private done(bytes: Buffer): Buffer {
    this.held = undefined;
    return bytes;
  }
}

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
  let done = false;
  let waitingForRoom = false;
  const bom = new LeadingBom();
  const bounds = new WireBounds(options.limits);
  const scrubber = new SecretScrubber(options.secrets);
  const { markers } = options;
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
    const marker = outcome.kind === 'ended' ? { reason: 'upstream-eof' as const } : { reason: outcome.reason, message: outcome.message };
    emitText(controller, (atLineStart ? '' : '\n') + markers.end(marker));
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
        emitText(controller, markers.open + (options.preamble ?? ''));
        const every = Math.max(20, Math.min(options.keepAliveMs, options.idleMs) / 3);
        watchdog = setInterval(() => {
          if (done) return;
          const now = Date.now();
          if (now - lastUpstreamAt >= options.idleMs) {
            end(controller, { kind: 'failed', reason: 'upstream-idle', message: `The upstream sent nothing for ${Math.round(options.idleMs / 1000)} s.` });
            upstream.destroy();
          } else if (now - lastWriteAt >= options.keepAliveMs && atLineStart) {
            emitText(controller, markers.keepAlive);
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
          const broken = bounds.add(chunk);
          if (broken) {
            end(controller, { kind: 'bounded', ...broken });
            upstream.destroy();
            return;
          }
          const out = scrubber.push(bom.push(chunk));
          emit(controller, new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) upstream.pause();
          const room = options.backlog?.();
          if (room) {
            waitingForRoom = true;
            upstream.pause();
            void room.then(() => {
              waitingForRoom = false;
              if (!done && (controller.desiredSize ?? 0) > 0) upstream.resume();
            });
          }
        };
        /** What the BOM check and the scrubber still hold, once the upstream has ended. */
        const drain = () => {
          if (done) return;
          const rest = scrubber.push(bom.flush());
          const last = Buffer.concat([rest, scrubber.flush()]);
          emit(controller, new Uint8Array(last.buffer, last.byteOffset, last.byteLength));
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
          drain();
          end(controller, { kind: 'ended' });
        });
        const lost = (error?: Error) => {
          flush();
          drain();
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
        if (!waitingForRoom) upstream.resume();
      },
      // The browser went away (or pressed Stop): abort the upstream at once.
      cancel: stop,
    },
    { highWaterMark: HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
  );
}
