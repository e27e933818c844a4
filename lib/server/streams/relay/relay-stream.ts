import 'server-only';
import type { bffMarkers } from '@/lib/sse/bff-marker';
import { EventIds } from './event-ids';
import type { UpstreamBody } from './http-client';
import { SecretScrubber } from './secret-scrubber';
import { WireBounds, type BoundBroken, type WireLimits } from './wire-bounds';

export interface RelayOptions {
  /** This response's markers (with its nonce). */
  markers: ReturnType<typeof bffMarkers>;
  /** Bounds on a line, an event and the whole reply: past one, the upstream is aborted. */
  limits: WireLimits;
  /** Values that must never be passed on (the provider's key and secret headers): replaced by [redacted]. */
  secrets: (string | undefined)[];
  /** Send a keep-alive marker after this much upstream silence. */
  keepAliveMs: number;
  /** Give up on an upstream silent for this long. */
  idleMs: number;
  /** Every byte of the reply's stream, in order; `upstream` is false for the BFF's markers. */
  write: (bytes: Uint8Array, upstream: boolean) => void;
  /** Called once: how the relay ended (its end marker already written). */
  onDone: (outcome: RelayOutcome) => void;
  /** Whole marker lines to send right after the open marker. */
  preamble?: string;
  /**
   * Asks the upstream again with `Last-Event-ID` after its connection broke mid-stream
   * (when its events carried ids). Resolves with the continuation; rejects with the
   * upstream's reason when it refuses. Absent: a broken connection ends the reply.
   */
  reconnect?: (lastEventId: string, attempt: number) => Promise<UpstreamBody>;
  /** At most this many reconnections, with backoff between them. */
  maxReconnects?: number;
}

export type RelayOutcome =
  | { kind: 'ended' }
  | { kind: 'failed'; reason: 'upstream-idle' | 'upstream-connection-lost'; message: string }
  | ({ kind: 'bounded' } & BoundBroken)
  | { kind: 'stopped'; message: string };

export interface Relay {
  /** Stops the reply: the upstream is closed, the end marker written (`stopped`, with why). */
  stop(message: string): void;
}

const encoder = new TextEncoder();
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const RECONNECT_BACKOFF_MS = [100, 400, 1600];

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

  /** A new connection may start with a BOM of its own. */
  restart(): void {
    this.held = Buffer.alloc(0);
  }

  private done(bytes: Buffer): Buffer {
    this.held = undefined;
    return bytes;
  }
}

/**
 * Relays an upstream SSE body into the reply's stream, with the BFF's markers at line
 * boundaries. The reply no longer depends on who reads it: it runs to its end unless
 * stopped, reading the upstream as fast as it comes. One watchdog per reply sends
 * keep-alives and gives up on a stalled upstream: a timer per read was the bottleneck
 * (docs/decisions.md: "One watchdog per reply, reads coalesced"). A connection that
 * breaks after events with ids is asked again with Last-Event-ID.
 */
export function relayUpstream(first: UpstreamBody, options: RelayOptions): Relay {
  let upstream = first;
  // performance.now, not Date.now: Next.js wraps Date.now (to track prerender IO), and this runs per chunk.
  let lastUpstreamAt = performance.now();
  let lastWriteAt = performance.now();
  let atLineStart = true;
  let done = false;
  let reconnecting = false;
  let reconnects = 0;
  const bom = new LeadingBom();
  const bounds = new WireBounds(options.limits);
  const scrubber = new SecretScrubber(options.secrets);
  const ids = new EventIds();
  const { markers } = options;

  const emit = (bytes: Uint8Array, fromUpstream = true) => {
    if (bytes.byteLength === 0) return;
    const last = bytes[bytes.byteLength - 1];
    atLineStart = last === 10 || last === 13;
    lastWriteAt = performance.now();
    options.write(bytes, fromUpstream);
  };
  const emitMarker = (line: string) => emit(encoder.encode((atLineStart ? '' : '\n') + line), false);

  const end = (outcome: RelayOutcome) => {
    if (done) return;
    done = true;
    clearInterval(watchdog);
    const marker =
      outcome.kind === 'ended'
        ? { reason: 'upstream-eof' as const }
        : outcome.kind === 'stopped'
          ? { reason: 'stopped' as const, message: outcome.message }
          : { reason: outcome.reason, message: outcome.message };
    emitMarker(markers.end(marker));
    options.onDone(outcome);
  };

  // Reads that land in one turn of the event loop go out as one chunk: Next.js pays
  // per chunk written, and setImmediate adds well under a millisecond.
  let batch: Buffer[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (done || batch.length === 0) return;
    const chunk = batch.length === 1 ? batch[0]! : Buffer.concat(batch);
    batch = [];
    // Once per turn, not per read: undici hands over each HTTP chunk (an event, mostly) as a read.
    lastUpstreamAt = performance.now();
    const broken = bounds.add(chunk);
    if (broken) {
      end({ kind: 'bounded', ...broken });
      upstream.destroy();
      return;
    }
    ids.push(chunk);
    const out = scrubber.push(bom.push(chunk));
    emit(new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
  };
  /** What the BOM check and the scrubber still hold, once the upstream has ended. */
  const drain = () => {
    if (done) return;
    const rest = scrubber.push(bom.flush());
    const last = Buffer.concat([rest, scrubber.flush()]);
    emit(new Uint8Array(last.buffer, last.byteOffset, last.byteLength));
  };

  /** The connection broke: ask again from the last event id, or end the reply. */
  const lost = async (error?: Error) => {
    if (done || reconnecting) return;
    flush();
    drain();
    const message = `The upstream connection broke: ${error?.message ?? 'reset by the peer'}`;
    const lastEventId = ids.lastEventId;
    if (
      !options.reconnect ||
      !ids.seen ||
      lastEventId === undefined ||
      reconnects >= (options.maxReconnects ?? RECONNECT_BACKOFF_MS.length)
    ) {
      return end({ kind: 'failed', reason: 'upstream-connection-lost', message });
    }
    reconnecting = true;
    const attempt = ++reconnects;
    ids.reset();
    bom.restart();
    emitMarker(markers.reconnect({ attempt, lastEventId }));
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_BACKOFF_MS[attempt - 1] ?? 1600));
    if (done) return;
    try {
      const next = await options.reconnect(lastEventId, attempt);
      if (done) return void next.destroy();
      reconnecting = false;
      attach(next);
    } catch (refused) {
      reconnecting = false;
      end({
        kind: 'failed',
        reason: 'upstream-connection-lost',
        message: `${message}; asking it again from event ${lastEventId} failed: ${refused instanceof Error ? refused.message : String(refused)}`,
      });
    }
  };

  const attach = (connection: UpstreamBody) => {
    upstream = connection;
    lastUpstreamAt = performance.now();
    connection.on('data', (chunk: Buffer) => {
      if (done || connection !== upstream) return;
      batch.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
    connection.once('end', () => {
      if (connection !== upstream) return;
      flush();
      drain();
      end({ kind: 'ended' });
    });
    const broke = (error?: Error) => {
      if (connection === upstream) void lost(error);
    };
    connection.once('error', broke);
    connection.once('close', () => {
      if (!connection.readableEnded) broke();
    });
  };

  // Headers went out with the response: the open marker first, at once.
  emit(encoder.encode(markers.open + (options.preamble ?? '')), false);
  const every = Math.max(20, Math.min(options.keepAliveMs, options.idleMs) / 3);
  const watchdog = setInterval(() => {
    if (done || reconnecting) return;
    const now = performance.now();
    if (now - lastUpstreamAt >= options.idleMs) {
      end({
        kind: 'failed',
        reason: 'upstream-idle',
        message: `The upstream sent nothing for ${Math.round(options.idleMs / 1000)} s.`,
      });
      upstream.destroy();
    } else if (now - lastWriteAt >= options.keepAliveMs && atLineStart) {
      emit(encoder.encode(markers.keepAlive), false);
    }
  }, every);
  watchdog.unref?.();
  attach(first);

  return {
    stop(message) {
      if (done) return;
      batch = []; // read, but not yet passed on: the reply ends where it was stopped
      end({ kind: 'stopped', message });
      upstream.destroy(); // closes the upstream connection: the upstream sees the disconnect
    },
  };
}
