import 'server-only';
import { Redis, type RedisOptions } from 'ioredis';

/** Where REDIS_URL points, fit for a message: host, port and database, never a user or password. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname || 'localhost'}:${parsed.port || '6379'}${parsed.pathname.length > 1 ? parsed.pathname : ''} (REDIS_URL)`;
  } catch {
    return '(an unparsable REDIS_URL)';
  }
}

export class RedisUnreachable extends Error {
  override name = 'RedisUnreachable';
}

/**
 * How every connection is made. Commands fail at once while the server is away instead
 * of queueing without bound (a relay must never wait on Redis), and a command in flight
 * when the connection broke is not sent again: the caller decides.
 */
const COMMON: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  autoResendUnfulfilledCommands: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 5000,
  // Each command is written as it is sent, in order. Auto-pipelining built a Pipeline per
  // tick whose bookkeeping and copies of the chunks' bytes cost more than the writes it
  // saved (docs/decisions.md: "Redis without auto-pipelining").
  enableAutoPipelining: false,
};

/** Reconnection: backoff capped at 500 ms, so an instance is back (and renews its lease) soon after Redis is. */
const reconnectAfter = (attempt: number) => Math.min(attempt * 100, 500);

/** The shared connection: reconnects whenever the server comes back. */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { ...COMMON, retryStrategy: reconnectAfter });
  // Each command reports its own failure; the 'error' events would only repeat them. The
  // first connection's says why it failed (ECONNREFUSED …), where connect() says only "closed".
  let connectionError: Error | undefined;
  redis.on('error', (error: Error) => (connectionError ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    const reason = connectionError ?? error;
    throw new RedisUnreachable(
      `Cannot reach Redis at ${describeRedisUrl(url)}: ${reason instanceof Error ? reason.message || (reason as { code?: string }).code : String(reason)}`,
    );
  }
  return redis;
}

/**
 * A connection of its own for a blocking read (XREAD BLOCK holds a connection) or the
 * stop channel's subscription. It does not reconnect: its user sees the loss and says so.
 */
export async function dedicatedConnection(redis: Redis, { reconnect = false } = {}): Promise<Redis> {
  const connection = redis.duplicate({ ...COMMON, retryStrategy: reconnect ? reconnectAfter : () => null });
  connection.on('error', () => {});
  await connection.connect();
  return connection;
}
