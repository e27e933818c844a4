import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveStreams, StopReason, StreamWriter } from '@/lib/server/live/live-streams';
import { RedisLiveStreams } from '@/lib/server/live/redis/redis-live-streams';
import { redisServerBinary, startRedis, type RunningRedis } from './support/redis';

/**
 * The Redis live-stream store on its own: two stores on one Redis server stand for two
 * instances (the end-to-end behaviour over HTTP is in instances.test.ts).
 */

const binary = redisServerBinary();
const bytes = (text: string) => new TextEncoder().encode(text);
const meta = (requestId?: string) => ({ headers: { 'x-sluice-marker': '0123456789abcdef' }, startedAt: Date.now(), ...(requestId ? { requestId } : {}) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Follows a stream until it ends: its bytes. */
async function readAll(streams: LiveStreams, id: string, from: number): Promise<Buffer> {
  const reader = (await streams.read(id, from))!;
  await reader.opened();
  return new Promise((resolve) => {
    const parts: Uint8Array[] = [];
    reader.follow(
      (chunk) => (parts.push(chunk.slice()), true),
      () => resolve(Buffer.concat(parts)),
    );
  });
}

async function acquired(streams: LiveStreams, id: string, requestId?: string, onStop: (reason: StopReason) => void = () => undefined): Promise<StreamWriter> {
  const result = await streams.acquire(id, meta(requestId), onStop);
  if (result.kind !== 'acquired') throw new Error(`${id} was not acquired`);
  return result.writer;
}

describe.skipIf(!binary)('live streams in Redis, two instances', () => {
  let redis: RunningRedis;
  let one: RedisLiveStreams;
  let other: RedisLiveStreams;
  const open = (unwatchedLimitMs = 60_000) => new RedisLiveStreams(redis.url, { retentionMs: 60_000, unwatchedLimitMs, storeOrphan: async () => undefined });

  beforeAll(async () => {
    redis = await startRedis(binary!);
    [one, other] = [open(), open()];
  });
  afterAll(async () => {
    await Promise.allSettled([one.shutDown(), other.shutDown()]);
    await redis.stop();
  });

  it('reads another instance’s stream from any offset, live and after its end, with its times', async () => {
    const writer = await acquired(one, 'r1');
    writer.append(bytes('hello '), 1);
    const live = readAll(other, 'r1', 0);
    const fromThree = readAll(other, 'r1', 3);
    await sleep(50);
    writer.append(bytes('wörld'), 2);
    writer.finish();
    const whole = Buffer.from('hello wörld');
    expect((await live).equals(whole)).toBe(true);
    expect((await fromThree).equals(whole.subarray(3))).toBe(true);
    expect((await readAll(other, 'r1', 8)).equals(whole.subarray(8))).toBe(true); // inside the ö
    expect((await readAll(other, 'r1', 1e9)).byteLength).toBe(0);
    expect(await other.times('r1', 0)).toMatchObject({ offsets: [0, 6], at: [1, 2], length: 12, ended: true });
    expect(await other.read('no-such', 0)).toBeUndefined();
  });

  it('stops a stream running on another instance, by its id or by the requestId that started it', async () => {
    const stops: StopReason[] = [];
    const writer = await acquired(one, 'r2', 'req-2', (reason) => stops.push(reason));
    writer.append(bytes('a'), 1);
    expect(await other.stop('req-2')).toBe('stopping');
    await sleep(100);
    expect(stops).toEqual([{ kind: 'requested' }]);
    writer.finish();
    await sleep(50);
    expect(await other.stop('r2')).toBe('ended');
    expect(await other.stop('nothing')).toBe('unknown');
  });

  it('attaches a second acquire with the same requestId, on either instance', async () => {
    const writer = await acquired(one, 'r3', 'req-3');
    expect(await other.acquire('r3-again', meta('req-3'), () => undefined)).toEqual({ kind: 'attached', id: 'r3' });
    expect(await other.read('r3-again', 0)).toBeUndefined(); // the loser left nothing behind
    writer.finish();
  });

  it('counts a reader on another instance as watching: the unwatched limit stops the stream only once it leaves', async () => {
    // Every instance runs with the same limit, as in production.
    const [limited, elsewhere] = [open(300), open(300)];
    const stops: StopReason[] = [];
    const writer = await acquired(limited, 'r4', undefined, (reason) => stops.push(reason));
    try {
      writer.append(bytes('x'), 1);
      const reader = (await elsewhere.read('r4', 0))!;
      await reader.opened();
      reader.follow(() => true, () => undefined);
      await sleep(1000); // more than three limits, read elsewhere only
      expect(stops).toEqual([]);
      reader.release();
      await sleep(1000);
      expect(stops).toEqual([{ kind: 'unwatched', limitMs: 300 }]);
    } finally {
      writer.finish();
      await Promise.all([limited.shutDown(), elsewhere.shutDown()]);
    }
  });
});
