import 'server-only';
import { storeOrphanReply } from '@/lib/server/chat/orphan-reply';
import { type Env, readVariable } from '@/lib/server/platform/environment';
import type { LiveStreams, StreamReaderHandle } from './live-streams';
import { MemoryLiveStreams } from './memory-live-streams';
import { RedisLiveStreams } from './redis/redis-live-streams';

export type { LiveStreams, StopReason, StreamMeta, StreamWriter } from './live-streams';

/** Retention and the unwatched limit (milliseconds), from the environment. */
export function liveSettings(env: Env = process.env) {
  return {
    retentionMs: readVariable('SLUICE_STREAM_RETENTION_MS', env),
    unwatchedLimitMs: readVariable('SLUICE_UNWATCHED_LIMIT_MS', env),
  };
}

/** Shared through globalThis: Next.js gives each route its own module state, and the POST, the join and the stop must see the same streams. */
const KEY = Symbol.for('sluice.live-streams');
type Holder = { [KEY]?: LiveStreams };

/** This server's live streams: in Redis, shared with other instances, when REDIS_URL is set; else in memory. */
export function liveStreams(): LiveStreams {
  const holder = globalThis as Holder;
  const url = readVariable('REDIS_URL');
  return (holder[KEY] ??= url
    ? new RedisLiveStreams(url, { ...liveSettings(), storeOrphan: storeOrphanReply })
    : new MemoryLiveStreams(liveSettings()));
}

/** Bytes a reader may have queued in its response before the stream waits for it to read. */
const READER_HIGH_WATER_BYTES = 64 * 1024;

/** A reader as a response body: pushed as bytes come, paused while the client is slow, released when it leaves. */
export function readableOf(reader: StreamReaderHandle): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        reader.follow(
          (bytes) => {
            controller.enqueue(bytes);
            return (controller.desiredSize ?? 0) > 0;
          },
          () => {
            reader.release();
            controller.close();
          },
        );
      },
      pull() {
        reader.resume();
      },
      // The client left: the reply goes on (only a stop ends it).
      cancel() {
        reader.release();
      },
    },
    { highWaterMark: READER_HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
  );
}
