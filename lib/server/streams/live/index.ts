import 'server-only';
import { type Env, readVariable } from '@/lib/server/platform/environment';
import type { LiveStreams, StreamReaderHandle } from './live-streams';
import { MemoryLiveStreams } from './memory-live-streams';
import { RedisLiveStreams, type Orphan } from './redis/redis-live-streams';
import { processSingleton } from '@/lib/server/platform/process-singleton';

export type { LiveStreams, StopReason, StreamMeta, StreamWriter } from './live-streams';

/** Retention and the unwatched limit (milliseconds), from the environment. */
export function liveSettings(env: Env = process.env) {
  return {
    retentionMs: readVariable('SLUICE_STREAM_RETENTION_MS', env),
    unwatchedLimitMs: readVariable('SLUICE_UNWATCHED_LIMIT_MS', env),
  };
}

/**
 * This server's live streams: in Redis, shared with other instances, when REDIS_URL is
 * set; else in memory. One per process (the POST, the join and the stop must see the
 * same streams). `storeOrphan` stores the reply of an instance that died mid-stream: the
 * chat hands it in (chat/reply-streams.ts), so this floor knows no feature.
 */
export function liveStreams(storeOrphan: (orphan: Orphan) => Promise<void>): LiveStreams {
  return processSingleton<LiveStreams>('live-streams', () => {
    const url = readVariable('REDIS_URL');
    return url ? new RedisLiveStreams(url, { ...liveSettings(), storeOrphan }) : new MemoryLiveStreams(liveSettings());
  });
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
