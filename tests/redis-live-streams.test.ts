import { createConnection, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveStreams, StopReason, StreamWriter } from '@/lib/server/streams/live/live-streams';
import { RedisLiveStreams } from '@/lib/server/streams/live/redis/redis-live-streams';
import { redisServerBinary, startRedis, type RunningRedis } from './support/redis';

/**
 * The Redis live-stream store on its own: two stores on one Redis server stand for two
 * instances (the end-to-end behaviour over HTTP is in instances.test.ts).
 */

const binary = redisServerBinary();
const bytes = (text: string) => new TextEncoder().encode(text);
const meta = (requestId?: string) => ({
  headers: { 'x-sluice-marker': '0123456789abcdef' },
  startedAt: Date.now(),
  ...(requestId ? { requestId } : {}),
});
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

async function acquired(
  streams: LiveStreams,
  id: string,
  requestId?: string,
  onStop: (reason: StopReason) => void = () => undefined,
): Promise<StreamWriter> {
  const result = await streams.acquire(id, meta(requestId), onStop);
  if (result.kind !== 'acquired') throw new Error(`${id} was not acquired`);
  return result.writer;
}

/** A TCP relay to Redis that can be cut and restored: one instance losing Redis while the others keep it. */
async function cuttableRelay(port: number) {
  const sockets = new Set<Socket>();
  let up = true;
  const server = createServer((client) => {
    if (!up) return void client.destroy();
    const redis = createConnection({ port, host: '127.0.0.1' });
    for (const socket of [client, redis]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(redis).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as { port: number }).port}`,
    cut: () => ((up = false), sockets.forEach((socket) => socket.destroy())),
    restore: () => (up = true),
    close: () => server.close(),
  };
}

describe.skipIf(!binary)('live streams in Redis, two instances', () => {
  let redis: RunningRedis;
  let one: RedisLiveStreams;
  let other: RedisLiveStreams;
  const open = (unwatchedLimitMs = 60_000) =>
    new RedisLiveStreams(redis.url, { retentionMs: 60_000, unwatchedLimitMs, storeOrphan: async () => undefined });

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
    expect((await readAll(other, 'r1', 12)).byteLength).toBe(0); // at the end: nothing more
    // Past every byte of a reply that finished with all of them in Redis: a 416 naming the offset and the length.
    await expect(other.read('r1', 13)).rejects.toMatchObject({
      status: 416,
      type: 'range_not_satisfiable',
      extra: { from: 13, length: 12 },
    });
    await expect(one.read('r1', 13)).rejects.toMatchObject({ status: 416, extra: { from: 13, length: 12 } }); // its own instance too
    expect(await other.times('r1', 0)).toMatchObject({ offsets: [0, 6], at: [1, 2], length: 12, ended: true });
    // Its times past the end, as its join: a 416, not an empty list.
    await expect(other.times('r1', 13)).rejects.toMatchObject({ status: 416, extra: { from: 13, length: 12 } });
    expect(await other.times('r1', 12)).toMatchObject({ offsets: [], length: 12 });
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
      reader.follow(
        () => true,
        () => undefined,
      );
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

  it('an instance cut off from Redis for longer than its lease is not taken for dead once it is back', async () => {
    const relay = await cuttableRelay(redis.port);
    const orphans: string[] = [];
    const cutOff = new RedisLiveStreams(relay.url, {
      retentionMs: 60_000,
      unwatchedLimitMs: 60_000,
      storeOrphan: async () => undefined,
    });
    const watcher = new RedisLiveStreams(redis.url, {
      retentionMs: 60_000,
      unwatchedLimitMs: 60_000,
      storeOrphan: async ({ id }) => void orphans.push(id),
    });
    const writer = await acquired(cutOff, 'r5');
    try {
      writer.append(bytes('before'), 1);
      await sleep(500);
      relay.cut();
      await sleep(3500); // its lease (3 s) lapses
      relay.restore();
      await sleep(3000); // it reconnects and renews; the watcher sweeps meanwhile
      expect(orphans).toEqual([]);
    } finally {
      writer.finish();
      await Promise.allSettled([cutOff.shutDown(), watcher.shutDown()]);
      relay.close();
    }
  });
});

describe.skipIf(!binary)('an instance that dies with bytes Redis never got', () => {
  it(
    'a reader that had them (joining past what Redis has) ends with the server-lost marker on a line of its own; ' +
      'the reply is stored from what Redis had',
    async () => {
      const redis = await startRedis(binary!);
      const relay = await cuttableRelay(redis.port);
      const orphans: { id: string; text: string }[] = [];
      const dying = new RedisLiveStreams(relay.url, {
        retentionMs: 60_000,
        unwatchedLimitMs: 60_000,
        storeOrphan: async () => undefined,
      });
      const survivor = new RedisLiveStreams(redis.url, {
        retentionMs: 60_000,
        unwatchedLimitMs: 60_000,
        storeOrphan: async ({ id, chunks }) =>
          void orphans.push({ id, text: Buffer.concat(chunks.map((c) => c.bytes)).toString() }),
      });
      const writer = await acquired(dying, 'd1');
      try {
        writer.append(bytes('data: one\n\n'), 1);
        await sleep(200); // mirrored
        relay.cut(); // it dies: Redis hears no more from it
        writer.append(bytes('data: tw'), 2); // its own client got these; Redis never will
        const rest = await readAll(survivor, 'd1', 'data: one\n\ndata: tw'.length);
        expect(rest.toString()).toMatch(
          /^\n: sluice 0123456789abcdef end \{"reason":"server-lost","message":"The server running this reply stopped[^"]*"\}\n$/,
        );
        const whole = await readAll(survivor, 'd1', 0);
        expect(whole.toString()).toMatch(/^data: one\n\n: sluice 0123456789abcdef end \{"reason":"server-lost"/);
        expect(orphans).toHaveLength(1);
        expect(orphans[0]!.text).toMatch(/^data: one\n\n: sluice 0123456789abcdef end \{"reason":"server-lost"/);
      } finally {
        relay.restore();
        writer.finish();
        await Promise.allSettled([dying.shutDown(), survivor.shutDown()]);
        relay.close();
        await redis.stop();
      }
    },
    30_000,
  );
});
