import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type {
  Acquired,
  LiveStreams,
  StopReason,
  StopState,
  StreamMeta,
  StreamReaderHandle,
  StreamTimes,
  StreamWriter,
} from '../live-streams';
import { MemoryLiveStreams } from '../memory-live-streams';
import { ApiError } from '@/lib/server/http/errors';
import { pastTheEnd } from '../offset';
import { connectRedis, dedicatedConnection, describeRedisUrl } from '@/lib/server/platform/redis';
import { chunkFields, endFields, keys, parseEntry, RUNNING_TTL_MS, type StopMessage, type StreamEnd } from './keys';
import { Leases } from './leases';
import { endMarkerAfter, RemoteReader, SERVER_LOST } from './remote-reader';

/** A reply whose instance died, as another instance found it: its meta and every chunk it had written, ending with the server-lost marker. */
export interface Orphan {
  id: string;
  meta: StreamMeta;
  chunks: { bytes: Uint8Array; at: number }[];
}

/**
 * How long appended chunks wait to go to Redis together (a remote reader is this much
 * later than a local one, at most): one frame at 60 Hz, so a page following a reply
 * through another instance cannot show the difference. Every XADD costs this process
 * its command's encoding and answer, so fewer, larger ones keep the relay's throughput
 * (docs/decisions.md: "Redis mirror batched per 16 ms").
 */
const MIRROR_BATCH_MS = 16;

/** How long a join waits before it looks again for a reply's meta that was not there (see remoteMeta). */
const META_RETRY_MS = 25;

/**
 * Whether a reply's Redis Stream holds every byte it will ever have: it finished (or was
 * abandoned) with them all written. A running reply's copy may be a few milliseconds
 * behind what its instance relayed, and one whose instance died or lost Redis never got
 * its last bytes: only past the end of a whole one is an offset known to be wrong.
 */
const wholeInRedis = (end: StreamEnd | undefined) => end?.kind === 'finished' || end?.kind === 'abandoned';

export interface RedisLiveStreamsOptions {
  retentionMs: number;
  unwatchedLimitMs: number;
  /** Stores a reply whose instance died, from the bytes it had written (another instance's job, see leases.ts). */
  storeOrphan: (orphan: Orphan) => Promise<void>;
}

/**
 * Live streams shared by several instances through Redis (REDIS_URL). The instance that
 * runs a reply keeps it in memory too, and its own readers (the POST that started it,
 * mostly) read from there: Redis is written behind, never waited on. Everyone else reads
 * the reply's Redis Stream. A stop reaches the running instance on a pub/sub channel; a
 * retried POST's requestId is claimed with SET NX; everything expires after the retention.
 */
export class RedisLiveStreams implements LiveStreams {
  readonly instance = randomUUID();
  private readonly local: MemoryLiveStreams;
  private readonly leases: Leases;
  private subscriber: Redis | undefined;
  /** Mirror writes not yet answered, so shutting down waits for them. */
  private readonly mirroring = new Set<Promise<unknown>>();
  private failingSince: number | undefined;
  /** The streams' batches waiting to be written, and the one timer that writes them. */
  private due: (() => void)[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | undefined;

  private redis!: Redis;
  private readonly ready: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly options: RedisLiveStreamsOptions,
  ) {
    this.local = new MemoryLiveStreams({
      ...options,
      // A reader on another instance watches it too.
      watchedElsewhere: async (id) => Math.max(0, await this.redis.pttl(keys.watched(id)).catch(() => 0)),
    });
    this.leases = new Leases(
      () => this.redis,
      this.instance,
      (id) => this.reap(id),
    );
    this.ready = this.start();
    this.ready.catch((error: unknown) => console.error(`sluice: ${error instanceof Error ? error.message : String(error)}`));
  }

  get closing(): boolean {
    return this.local.closing;
  }

  /** Connects, subscribes to stops and starts renewing this instance's lease (and watching the others'). */
  private async start(): Promise<void> {
    this.redis = await connectRedis(this.url);
    const subscriber = (this.subscriber = await dedicatedConnection(this.redis, { reconnect: true }));
    subscriber.on('message', (_channel: string, text: string) => {
      const { id, reason } = JSON.parse(text) as StopMessage;
      this.local.stop(id, reason);
    });
    await subscriber.subscribe(keys.stopChannel);
    await this.leases.start();
  }

  /** Runs `work` once Redis is connected; a clear 503 naming REDIS_URL when Redis cannot be reached. */
  private async withRedis<T>(work: (redis: Redis) => Promise<T>): Promise<T> {
    try {
      await this.ready;
    } catch (error) {
      throw new ApiError(503, 'server_error', error instanceof Error ? error.message : String(error));
    }
    try {
      return await work(this.redis);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(
        503,
        'server_error',
        `Redis at ${describeRedisUrl(this.url)} is unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async acquire(id: string, meta: StreamMeta, onStop: (reason: StopReason) => void): Promise<Acquired> {
    if (meta.requestId !== undefined) {
      // Whether another POST holds this requestId decides whether the upstream is called: wait for Redis.
      const attached = await this.withRedis(() => this.claim(id, meta));
      if (attached) return attached;
    } else {
      // Nothing to decide: the upstream is not kept waiting a round trip, and the meta
      // goes out with the stream's first bytes (see mirrored). If Redis is away, the
      // reply streams here unshared.
      await this.withRedis(async () => undefined);
    }
    const acquired = this.local.acquire(id, meta, onStop);
    if (acquired.kind === 'attached') return acquired;
    return { kind: 'acquired', writer: this.mirrored(id, meta, acquired.writer, meta.requestId !== undefined) };
  }

  /** Writes the stream's meta, and claims its requestId: the stream to attach to if another POST had claimed it. */
  private async claim(id: string, meta: StreamMeta): Promise<Acquired | undefined> {
    const { requestId } = meta;
    // The meta first and the claim in the same transaction: whoever finds the claim finds the stream.
    const transaction = this.redis
      .multi()
      .hset(keys.meta(id), { meta: JSON.stringify(meta), owner: this.instance, state: 'running' })
      .pexpire(keys.meta(id), RUNNING_TTL_MS)
      .hset(keys.running, id, this.instance);
    if (requestId !== undefined) transaction.set(keys.request(requestId), id, 'PX', RUNNING_TTL_MS, 'NX');
    const results = await transaction.exec();
    if (requestId !== undefined && results?.[3]?.[1] !== 'OK') {
      await this.redis.multi().del(keys.meta(id)).hdel(keys.running, id).exec();
      const existing = await this.redis.get(keys.request(requestId));
      // Expired between the two: claim it again.
      return existing ? { kind: 'attached', id: existing } : this.claim(id, meta);
    }
    return undefined;
  }

  /** The local writer, each call mirrored into Redis in order (one connection keeps the order). */
  private mirrored(id: string, meta: StreamMeta, local: StreamWriter, claimed: boolean): StreamWriter {
    let length = 0;
    let broken = false;
    // Without a requestId, nobody elsewhere can name this reply before its first bytes
    // (its id comes with them), so its meta is written just after they leave, not while
    // the upstream is asked: Redis's work then delayed the first event on two cores
    // (docs/decisions.md: "Redis meta after the first bytes"). Written before anything
    // else of it, on the same connection; a join that comes in between looks again (see read).
    let claiming = false;
    const claim = () => {
      if (claimed) return;
      claimed = true;
      void this.claim(id, meta).catch((error: unknown) => this.redisFailed(error));
    };
    const mirror = (write: () => Promise<unknown>) => {
      if (broken) return;
      const pending = write().catch((error: unknown) => {
        // A gap would corrupt every remote reader: this reply is no longer mirrored, and its readers are told at its end.
        broken = true;
        this.redisFailed(error);
      });
      this.mirroring.add(pending);
      void pending.finally(() => this.mirroring.delete(pending));
    };
    const end = (how: StreamEnd) => {
      // A reply with a gap in its bytes ends as lost: remote readers get the lost marker, and the stored reply is the truth.
      const ending = this.ending(id, broken ? { kind: 'lost' } : how);
      if (broken) void ending.catch(() => {});
      else mirror(() => ending);
    };
    // Chunks wait a few milliseconds and go out as one entry: one XADD per upstream read
    // cost Redis and this process much of the relay's throughput
    // (docs/decisions.md: "Redis mirror batched per 16 ms").
    let batch: { bytes: Uint8Array; at: number }[] = [];
    let batchOffset = 0;
    const flush = () => {
      if (batch.length === 0) return;
      const chunks = batch;
      batch = [];
      mirror(() => this.redis.xadd(keys.bytes(id), '*', ...chunkFields(chunks, batchOffset)));
    };
    if (meta.requestId !== undefined) mirror(() => this.redis.pexpire(keys.request(meta.requestId!), RUNNING_TTL_MS));
    return {
      append: (bytes, at) => {
        local.append(bytes, at);
        if (bytes.byteLength === 0) return;
        if (!claimed && !claiming) {
          claiming = true;
          setImmediate(claim);
        }
        if (batch.length === 0) {
          batchOffset = length;
          this.soon(flush);
        }
        batch.push({ bytes, at });
        length += bytes.byteLength;
      },
      finish: () => {
        local.finish();
        claim();
        flush();
        end({ kind: 'finished' });
        if (meta.requestId !== undefined)
          mirror(() => this.redis.pexpire(keys.request(meta.requestId!), this.options.retentionMs));
      },
      abandon: (failure) => {
        local.abandon(failure);
        claim();
        flush();
        end({ kind: 'abandoned', failure });
        if (meta.requestId !== undefined) mirror(() => this.redis.del(keys.request(meta.requestId!)));
      },
      setHeader: (name, value) => {
        local.setHeader(name, value);
        // Not yet claimed: the claim writes the meta as it is then, this header included.
        if (claimed) mirror(() => this.redis.hset(keys.meta(id), 'meta', JSON.stringify(meta)));
      },
      kept: () => local.kept(),
    };
  }

  /** Runs `flush` within MIRROR_BATCH_MS, with every other stream's: one timer for them all. */
  private soon(flush: () => void): void {
    this.due.push(flush);
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      const due = this.due;
      this.due = [];
      for (const run of due) run();
    }, MIRROR_BATCH_MS);
  }

  private redisFailed(error: unknown): void {
    if (this.failingSince !== undefined && Date.now() - this.failingSince < 60_000) return;
    this.failingSince = Date.now();
    console.error(
      `sluice: Redis (REDIS_URL) failed: ${error instanceof Error ? error.message : String(error)}; ` +
        'replies keep streaming to the connections that started them and are stored as usual',
    );
  }

  async read(id: string, from: number): Promise<StreamReaderHandle | undefined> {
    return (
      this.local.read(id, from) ??
      this.withRedis(async (redis) => {
        const text = await this.remoteMeta(id);
        if (!text) return undefined;
        if (from > 0) await this.refusePastTheEnd(id, from);
        // The reader skips up to `from`.
        return new RemoteReader(redis, id, Math.max(0, from), JSON.parse(text) as StreamMeta, this.options);
      })
    );
  }

  /**
   * A 416 for an offset past every byte of a reply whose bytes are all in Redis
   * (wholeInRedis). Other readers wait for the bytes, or get the end marker on a line of
   * its own (docs/contract.md, "Several instances").
   */
  private async refusePastTheEnd(id: string, from: number): Promise<void> {
    let end: StreamEnd | undefined;
    let length = 0;
    for (const [, fields] of await this.redis.xrevrangeBuffer(keys.bytes(id), '+', '-', 'COUNT', 3)) {
      const entry = parseEntry(fields);
      if (entry?.kind === 'end') end ??= entry.end;
      if (entry?.kind !== 'chunk') continue;
      length = entry.offset + entry.bytes.byteLength;
      break;
    }
    if (wholeInRedis(end) && from > length) throw pastTheEnd(id, from, length, true);
  }

  /**
   * A reply's meta as its instance wrote it. Missing, it is looked for once more a
   * moment later: the instance writes it just after the reply's first bytes (and id)
   * leave, so whoever names a running reply may come in between.
   */
  private async remoteMeta(id: string): Promise<string | null> {
    const text = await this.redis.hget(keys.meta(id), 'meta');
    if (text) return text;
    await new Promise((resolve) => setTimeout(resolve, META_RETRY_MS));
    return this.redis.hget(keys.meta(id), 'meta');
  }

  async times(id: string, from: number): Promise<StreamTimes | undefined> {
    return this.local.times(id, from) ?? this.withRedis(() => this.remoteTimes(id, from));
  }

  /** The chunk times of a reply another instance runs, from its Redis Stream. */
  private async remoteTimes(id: string, from: number): Promise<StreamTimes | undefined> {
    const text = await this.remoteMeta(id);
    if (!text) return undefined;
    const { startedAt } = JSON.parse(text) as StreamMeta;
    const offsets: number[] = [];
    const at: number[] = [];
    let length = 0;
    let end: StreamEnd | undefined;
    for (const [, fields] of await this.redis.xrangeBuffer(keys.bytes(id), '-', '+')) {
      const entry = parseEntry(fields);
      if (entry?.kind === 'end') end ??= entry.end;
      if (entry?.kind !== 'chunk') continue;
      for (const [i, chunkLength] of entry.lengths.entries()) {
        const offset = length;
        length += chunkLength;
        if (length <= from) continue;
        offsets.push(offset);
        at.push(entry.at[i]!);
      }
    }
    // As for a join (refusePastTheEnd): past the end only where Redis has every byte.
    if (wholeInRedis(end) && from > length) throw pastTheEnd(id, from, length, true);
    return { offsets, at, length, now: Date.now() - startedAt, ended: end !== undefined };
  }

  async stop(id: string, reason: StopReason = { kind: 'requested' }): Promise<StopState> {
    const own = this.local.stop(id, reason);
    return own !== 'unknown' ? own : this.withRedis(() => this.stopElsewhere(id, reason));
  }

  /** Asks the instance that runs reply `id` (or the one a requestId started) to stop it. */
  private async stopElsewhere(id: string, reason: StopReason): Promise<StopState> {
    const replyId = (await this.redis.exists(keys.meta(id))) ? id : await this.redis.get(keys.request(id));
    const state = replyId ? await this.redis.hget(keys.meta(replyId), 'state') : null;
    if (!replyId || !state) return 'unknown';
    if (state !== 'running') return 'ended';
    const message: StopMessage = { id: replyId, reason };
    await this.redis.publish(keys.stopChannel, JSON.stringify(message));
    return 'stopping';
  }

  async shutDown(): Promise<void> {
    await this.local.shutDown();
    if (
      !(await this.ready.then(
        () => true,
        () => false,
      ))
    )
      return;
    await Promise.allSettled([...this.mirroring]);
    await this.leases.stop();
    this.subscriber?.disconnect();
    await this.redis.quit().catch(() => {});
  }

  /**
   * Ends a reply's stream: its end entry, its state, and the retention from now, after
   * the chunks written before them (one connection, commands written in order).
   */
  private ending(id: string, how: StreamEnd): Promise<unknown> {
    const { redis } = this;
    return Promise.all([
      redis.xadd(keys.bytes(id), '*', ...endFields(how)),
      redis.hset(keys.meta(id), 'state', 'ended'),
      redis.hdel(keys.running, id),
      redis.pexpire(keys.bytes(id), this.options.retentionMs),
      redis.pexpire(keys.meta(id), this.options.retentionMs),
    ]);
  }

  /**
   * A reply whose instance died (see leases.ts: one instance reaps it): it is stored from
   * the bytes that instance had written, as an error that says so, then its stream ends
   * as `server-lost`: every reader finishes with the end marker saying the same.
   */
  private async reap(id: string): Promise<void> {
    const text = await this.redis.hget(keys.meta(id), 'meta');
    if (!text) {
      await this.redis.hdel(keys.running, id);
      return;
    }
    const meta = JSON.parse(text) as StreamMeta;
    const chunks: Orphan['chunks'] = [];
    for (const [, fields] of await this.redis.xrangeBuffer(keys.bytes(id), '-', '+')) {
      const entry = parseEntry(fields);
      if (entry?.kind !== 'chunk') continue;
      let start = 0;
      for (const [i, chunkLength] of entry.lengths.entries()) {
        chunks.push({ bytes: entry.bytes.subarray(start, start + chunkLength), at: entry.at[i]! });
        start += chunkLength;
      }
    }
    const endMarker = endMarkerAfter(meta, chunks.at(-1)?.bytes.at(-1) ?? 10, { reason: 'server-lost', message: SERVER_LOST });
    const at = Date.now() - meta.startedAt;
    try {
      await this.options.storeOrphan({ id, meta, chunks: [...chunks, { bytes: endMarker, at }] });
    } finally {
      await this.ending(id, { kind: 'server-lost' });
    }
  }
}
