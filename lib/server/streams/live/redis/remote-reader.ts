import 'server-only';
import type { Redis } from 'ioredis';
import { CHAT_HEADERS } from '@/lib/api/headers';
import { bffMarkers, type BffEnd } from '@/lib/sse/bff-marker';
import type { PreStreamFailure, StreamMeta, StreamReaderHandle } from '../live-streams';
import { dedicatedConnection } from '@/lib/server/platform/redis';
import { keys, parseEntry, type StreamEntry } from './keys';

/** Entries per XREAD: a late joiner replays a long reply in a few round trips. */
const BATCH = 512;
/** A blocking read returns empty after this long, to check that the stream still exists. */
const BLOCK_MS = 15_000;

export const LIVE_STREAM_LOST =
  'The live stream was lost (Redis became unreachable or dropped it); the stored conversation has the reply.';
export const SERVER_LOST = 'The server running this reply stopped; this is what it had streamed.';

/**
 * A reply's end marker written by an instance other than the one that ran it, on a line
 * of its own: after `lastByte`, the last byte its reader got (undefined: unknown, so a new
 * line is started).
 */
export function endMarkerAfter(meta: StreamMeta, lastByte: number | undefined, end: BffEnd): Buffer {
  return Buffer.from(
    (lastByte === 10 || lastByte === 13 ? '' : '\n') + bffMarkers(meta.headers[CHAT_HEADERS.markerNonce] ?? '').end(end),
  );
}

export interface RemoteReaderOptions {
  /** The unwatched limit: while reading, the reader says it is watching, this often and for this long. */
  unwatchedLimitMs: number;
}

/**
 * A reader of a reply that another instance runs, from its Redis Stream: XREAD from the
 * first entry replays what is there, then blocks for more (no polling), on a connection
 * of its own. If Redis goes away, the reader's stream ends with an end marker saying the
 * live stream was lost (the instance running the reply still stores it).
 */
export class RemoteReader implements StreamReaderHandle {
  private connection: Promise<Redis> | undefined;
  private first: Promise<StreamEntry | undefined> | undefined;
  private released = false;
  private wake: (() => void) | undefined;
  private watching: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly id: string,
    /** Where the reader starts: bytes before it are skipped (past the stream's end, it gets none). */
    private position: number,
    readonly meta: StreamMeta,
    private readonly options: RemoteReaderOptions,
  ) {}

  private connect(): Promise<Redis> {
    return (this.connection ??= dedicatedConnection(this.redis));
  }

  /** Resolves once the stream has an entry: a byte, or its end (an abandoned stream's failure). */
  async opened(): Promise<PreStreamFailure | undefined> {
    this.first ??= this.connect().then(async (connection) => {
      const result = await connection.xreadBuffer('COUNT', 1, 'BLOCK', 0, 'STREAMS', keys.bytes(this.id), '0-0');
      const fields = result?.[0]?.[1][0]?.[1];
      return fields ? parseEntry(fields) : undefined;
    });
    const entry = await this.first.catch(() => undefined);
    return entry?.kind === 'end' && entry.end.kind === 'abandoned' ? entry.end.failure : undefined;
  }

  follow(deliver: (bytes: Uint8Array) => boolean, end: () => void): void {
    this.watch();
    void this.pump(deliver).finally(() => {
      clearInterval(this.watching);
      if (!this.released) end();
    });
  }

  resume(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    clearInterval(this.watching);
    this.resume();
    void this.connection?.then((connection) => connection.disconnect()).catch(() => {});
  }

  /** Reads entries in order from the first, delivering bytes from the reader's position on, until the end. */
  private async pump(deliver: (bytes: Uint8Array) => boolean): Promise<void> {
    // The last byte delivered: an end marker of ours starts on a line of its own. Until a
    // byte is delivered, where the client's bytes stop is unknown (it may have had bytes
    // from the running instance that Redis never got), so the marker starts a new line.
    let lastByte: number | undefined;
    const send = async (bytes: Uint8Array) => {
      if (bytes.byteLength === 0) return;
      lastByte = bytes[bytes.byteLength - 1]!;
      if (!deliver(bytes)) await new Promise<void>((resolve) => (this.wake = resolve));
    };
    const endWith = (end: BffEnd) => send(endMarkerAfter(this.meta, lastByte, end));
    const lost = () => endWith({ reason: 'live-stream-lost', message: LIVE_STREAM_LOST });
    let after = '0-0';
    try {
      const connection = await this.connect();
      for (;;) {
        const result = await connection.xreadBuffer('COUNT', BATCH, 'BLOCK', BLOCK_MS, 'STREAMS', keys.bytes(this.id), after);
        if (this.released) return;
        if (!result) {
          if (!(await this.redis.exists(keys.bytes(this.id)))) return await lost();
          continue;
        }
        for (const [entryId, fields] of result[0]![1]) {
          after = entryId.toString();
          const entry = parseEntry(fields);
          if (!entry) continue;
          if (entry.kind === 'end') {
            if (entry.end.kind === 'lost') await lost();
            if (entry.end.kind === 'server-lost') await endWith({ reason: 'server-lost', message: SERVER_LOST });
            return;
          }
          const skip = this.position - entry.offset;
          if (skip >= entry.bytes.byteLength) continue;
          const bytes = skip > 0 ? entry.bytes.subarray(skip) : entry.bytes;
          this.position += bytes.byteLength;
          await send(bytes);
          if (this.released) return;
        }
      }
    } catch {
      if (!this.released) await lost();
    } finally {
      void this.connection?.then((connection) => connection.disconnect()).catch(() => {});
    }
  }

  /** Tells the instance running the reply that someone reads it, so the unwatched limit does not stop it. */
  private watch(): void {
    const limit = this.options.unwatchedLimitMs;
    const mark = () => void this.redis.set(keys.watched(this.id), '1', 'PX', limit).catch(() => {});
    mark();
    this.watching = setInterval(mark, Math.max(20, limit / 4));
    this.watching.unref();
  }
}
