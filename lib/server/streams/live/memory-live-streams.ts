import 'server-only';
import type { KeptBytes } from './kept-bytes';
import type {
  Acquired,
  LiveStreams,
  PreStreamFailure,
  StopReason,
  StopState,
  StreamMeta,
  StreamReaderHandle,
  StreamTimes,
} from './live-streams';
import { pastTheEnd } from './offset';

/**
 * Bytes are kept in segments, not a buffer that doubles: a 2,000-token reply wastes at
 * most one part-filled segment, and a reader's bytes are views into them (no copy per
 * reader). The first segments are small (1, 2, 4, … KiB), so a stream with little in it
 * holds little (200 streams held open after their first event each held a 4 KiB first
 * segment, and 1 KiB of chunk tables, out of ~100 KB per stream: docs/decisions.md
 * "Memory per open stream, measured on fresh processes"); the rest are 32 KiB.
 */
const FIRST_SEGMENT_BYTES = 1024;
const SEGMENT_BYTES = 32 * 1024;

export interface MemoryLiveStreamsOptions {
  /** How long an ended stream's bytes stay readable (SLUICE_STREAM_RETENTION_MS). */
  retentionMs: number;
  /** A running stream that nobody has read for this long is stopped (SLUICE_UNWATCHED_LIMIT_MS). */
  unwatchedLimitMs: number;
  /** How much longer a reader on another instance counts as watching it (ms; 0: nobody), when several instances share the streams. */
  watchedElsewhere?: (id: string) => Promise<number>;
}

type Follower = { deliver: (bytes: Uint8Array) => boolean; end: () => void; position: number; waiting: boolean };

/** One stream's bytes, receive times and readers. */
class LiveStream {
  private readonly segments: Buffer[] = [];
  /** Where each segment starts in the stream. */
  private readonly starts: number[] = [];
  length = 0;
  /** Chunk starts and receive times, in growable typed arrays (doubled when full): 16 bytes a chunk. */
  private offsets = new Float64Array(16);
  private ats = new Float64Array(16);
  chunks = 0;
  ended = false;
  stopRequested = false;
  readonly followers = new Set<Follower>();
  /** While nobody reads it: since when. */
  unwatchedSince: number | undefined = Date.now();
  /** Resolves when it ends. */
  readonly done: Promise<void>;
  private resolveDone!: () => void;
  /** Who waits for the first byte (or the end, or the abandonment). */
  private openers: ((failure: PreStreamFailure | undefined) => void)[] = [];
  abandoned: PreStreamFailure | undefined;

  constructor(
    readonly meta: StreamMeta,
    readonly onStop: (reason: StopReason) => void,
  ) {
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
  }

  append(bytes: Uint8Array, at: number): void {
    if (this.ended || bytes.byteLength === 0) return;
    if (this.chunks === this.offsets.length) {
      this.offsets = grow(this.offsets);
      this.ats = grow(this.ats);
    }
    this.offsets[this.chunks] = this.length;
    this.ats[this.chunks++] = at;
    let from = 0;
    while (from < bytes.byteLength) {
      let segment = this.segments[this.segments.length - 1];
      let used = segment ? this.length - this.starts[this.starts.length - 1]! : 0;
      if (!segment || used === segment.byteLength) {
        segment = Buffer.allocUnsafe(segment ? Math.min(SEGMENT_BYTES, segment.byteLength * 2) : FIRST_SEGMENT_BYTES);
        this.segments.push(segment);
        this.starts.push(this.length);
        used = 0;
      }
      const n = Math.min(segment.byteLength - used, bytes.byteLength - from);
      segment.set(bytes.subarray(from, from + n), used);
      from += n;
      this.length += n;
    }
    this.open(undefined);
    this.feedAll();
  }

  finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.open(undefined);
    this.feedAll();
    this.resolveDone();
  }

  abandon(failure: PreStreamFailure): void {
    this.abandoned = failure;
    this.open(failure);
    this.finish();
  }

  opened(): Promise<PreStreamFailure | undefined> {
    if (this.length > 0 || this.ended) return Promise.resolve(this.abandoned);
    return new Promise((resolve) => this.openers.push(resolve));
  }

  private open(failure: PreStreamFailure | undefined): void {
    const openers = this.openers;
    this.openers = [];
    openers.forEach((resolve) => resolve(failure));
  }

  /** Feeds every reader that has room (one without waits for its resume). */
  private feedAll(): void {
    for (const follower of this.followers) if (!follower.waiting) this.feed(follower);
  }

  /** Delivers what `follower` has not had yet, as views into the segments, while it has room; ends it at the end. */
  feed(follower: Follower): void {
    while (follower.position < this.length) {
      const index = this.segmentAt(follower.position);
      const segmentStart = this.starts[index]!;
      const start = follower.position - segmentStart;
      const end = Math.min(this.segments[index]!.byteLength, this.length - segmentStart);
      follower.position += end - start;
      if (!follower.deliver(this.segments[index]!.subarray(start, end))) {
        follower.waiting = true;
        return;
      }
    }
    follower.waiting = false;
    if (this.ended) {
      this.followers.delete(follower);
      follower.end();
    }
  }

  /** The segment holding byte `offset` (a reader's next byte is almost always in the last one). */
  private segmentAt(offset: number): number {
    let index = this.starts.length - 1;
    while (index > 0 && this.starts[index]! > offset) index--;
    return index;
  }

  /** Every byte so far in one new buffer, with its chunks' starts and receive times. */
  kept(): KeptBytes {
    // Its own ArrayBuffer, to transfer, and not zero-filled first: every byte is written next.
    const buffer = Buffer.allocUnsafeSlow(this.length);
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, this.length);
    this.segments.forEach((segment, i) =>
      bytes.set(segment.subarray(0, Math.min(segment.byteLength, this.length - this.starts[i]!)), this.starts[i]),
    );
    return { bytes, starts: this.offsets.slice(0, this.chunks), at: this.ats.slice(0, this.chunks) };
  }

  times(from: number, now: number): StreamTimes {
    const offsets: number[] = [];
    const at: number[] = [];
    for (let i = 0; i < this.chunks; i++) {
      const next = i + 1 < this.chunks ? this.offsets[i + 1]! : this.length;
      if (next <= from) continue;
      offsets.push(this.offsets[i]!);
      at.push(this.ats[i]!);
    }
    return { offsets, at, length: this.length, now, ended: this.ended };
  }
}

function grow(array: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const bigger = new Float64Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * A join or a `times` from past every byte the stream has: this instance has them all,
 * so past them is an offset no reader of it was given.
 */
function refusePastTheEnd(id: string, stream: LiveStream, from: number): void {
  if (from > stream.length) throw pastTheEnd(id, from, stream.length, stream.ended);
}

/** Live streams in this process's memory: one instance of Sluice. */
export class MemoryLiveStreams implements LiveStreams {
  private readonly streams = new Map<string, LiveStream>();
  private readonly byRequest = new Map<string, string>();
  private sweeper: ReturnType<typeof setInterval> | undefined;
  closing = false;

  constructor(private readonly options: MemoryLiveStreamsOptions) {}

  acquire(id: string, meta: StreamMeta, onStop: (reason: StopReason) => void): Acquired {
    const existing = meta.requestId === undefined ? undefined : this.byRequest.get(meta.requestId);
    if (existing !== undefined && this.streams.has(existing)) return { kind: 'attached', id: existing };
    const stream = new LiveStream(meta, onStop);
    this.streams.set(id, stream);
    if (meta.requestId !== undefined) this.byRequest.set(meta.requestId, id);
    this.startSweeping();
    return {
      kind: 'acquired',
      writer: {
        append: (bytes, at) => stream.append(bytes, at),
        finish: () => {
          if (stream.ended) return;
          stream.finish();
          setTimeout(() => this.forget(id), this.options.retentionMs).unref();
        },
        abandon: (failure) => {
          stream.abandon(failure);
          this.forget(id);
        },
        setHeader: (name, value) => {
          stream.meta.headers[name] = value;
        },
        kept: () => stream.kept(),
      },
    };
  }

  read(id: string, from: number): StreamReaderHandle | undefined {
    const stream = this.streams.get(id);
    if (!stream) return undefined;
    refusePastTheEnd(id, stream, from);
    let follower: Follower | undefined;
    stream.unwatchedSince = undefined;
    return {
      meta: stream.meta,
      opened: () => stream.opened(),
      follow: (deliver, end) => {
        follower = { deliver, end, position: Math.max(0, from), waiting: false };
        stream.followers.add(follower);
        stream.feed(follower);
      },
      resume: () => {
        if (follower?.waiting) stream.feed(follower);
      },
      release: () => {
        if (follower) stream.followers.delete(follower);
        if (stream.followers.size === 0) stream.unwatchedSince = Date.now();
      },
    };
  }

  times(id: string, from: number): StreamTimes | undefined {
    const stream = this.streams.get(id);
    if (!stream) return undefined;
    refusePastTheEnd(id, stream, from);
    return stream.times(from, Date.now() - stream.meta.startedAt);
  }

  stop(id: string, reason: StopReason = { kind: 'requested' }): StopState {
    const stream = this.streams.get(id) ?? this.streams.get(this.byRequest.get(id) ?? '');
    if (!stream) return 'unknown';
    if (stream.ended) return 'ended';
    if (!stream.stopRequested) {
      stream.stopRequested = true;
      stream.onStop(reason);
    }
    return 'stopping';
  }

  async shutDown(): Promise<void> {
    this.closing = true;
    const running = [...this.streams.entries()].filter(([, stream]) => !stream.ended);
    for (const [id] of running) this.stop(id, { kind: 'server-stopping' });
    await Promise.all(running.map(([, stream]) => stream.done));
  }

  private forget(id: string): void {
    const stream = this.streams.get(id);
    this.streams.delete(id);
    if (stream?.meta.requestId !== undefined && this.byRequest.get(stream.meta.requestId) === id)
      this.byRequest.delete(stream.meta.requestId);
    if (this.streams.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  /** Stops running streams nobody has read for the unwatched limit; checks a few times per limit. */
  private startSweeping(): void {
    if (this.sweeper) return;
    const limitMs = this.options.unwatchedLimitMs;
    this.sweeper = setInterval(
      () => {
        const now = Date.now();
        for (const [id, stream] of this.streams) {
          if (stream.ended || stream.unwatchedSince === undefined || now - stream.unwatchedSince < limitMs) continue;
          const elsewhere = this.options.watchedElsewhere;
          if (!elsewhere) this.stop(id, { kind: 'unwatched', limitMs });
          else
            void elsewhere(id).then((remainingMs) => {
              if (stream.ended || stream.unwatchedSince === undefined) return; // a reader came here meanwhile
              // Read elsewhere until its mark lapses: unwatched since then, minus the limit.
              if (remainingMs > 0) stream.unwatchedSince = Date.now() - limitMs + remainingMs;
              else this.stop(id, { kind: 'unwatched', limitMs });
            });
        }
      },
      Math.max(20, Math.min(limitMs / 4, 30_000)),
    );
    this.sweeper.unref();
  }
}
