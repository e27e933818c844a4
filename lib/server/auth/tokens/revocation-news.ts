import 'server-only';
import type { Redis } from 'ioredis';
import { readVariable } from '@/lib/server/platform/environment';
import { connectRedis, dedicatedConnection } from '@/lib/server/platform/redis';
import { keys } from '@/lib/server/streams/live/redis/keys';
import { processSingleton } from '@/lib/server/platform/process-singleton';

/**
 * A token's holder stays known this long (token-user.ts), so a request that carries one
 * costs no database read. A token revoked is forgotten at once there and, through this
 * news, on every other instance; an instance that cannot hear it keeps none.
 */
export const KNOWN_MS = 10_000;

/**
 * A revoked token, told to every instance sharing Redis (REDIS_URL), so that each drops
 * it from its cache of token holders at once (token-user.ts) instead of honouring it
 * until the cache entry runs out. Without Redis there is no other instance to tell.
 * Shared through globalThis: Next.js gives each route its own module state.
 */
type News = { subscriber?: Redis; listening?: Promise<unknown>; publisher?: Promise<Redis> };
function news(): News {
  return processSingleton<News>('token-revocation-news', () => ({}));
}

const redisUrl = () => readVariable('REDIS_URL');

function publisher(url: string): Promise<Redis> {
  const state = news();
  if (!state.publisher) {
    state.publisher = connectRedis(url);
    state.publisher.catch(() => (state.publisher = undefined)); // tried again on the next revocation
  }
  return state.publisher;
}

/** Starts hearing revocations from other instances (once per process); `forget` drops a token id. */
export function listenForRevocations(forget: (tokenId: string) => void): void {
  const url = redisUrl();
  const state = news();
  // Once: the lookups that come while the subscription starts wait for no second one.
  if (!url || state.listening) return;
  state.listening = publisher(url)
    .then(async (redis) => {
      const subscriber = await dedicatedConnection(redis, { reconnect: true });
      subscriber.on('message', (_channel: string, tokenId: string) => forget(tokenId));
      await subscriber.subscribe(keys.revokedTokensChannel);
      state.subscriber = subscriber;
    })
    .catch((error: unknown) => {
      state.listening = undefined; // tried again at the next lookup
      console.error(`sluice: cannot hear token revocations: ${error instanceof Error ? error.message : String(error)}`);
    });
}

/**
 * Whether a revocation on another instance would be heard here now: only then may a
 * token's holder be cached (while subscribed; a subscription lost and restored hears
 * what comes after, and ioredis subscribes again as it reconnects).
 */
export function revocationsHeard(): boolean {
  return !redisUrl() || news().subscriber?.status === 'ready';
}

/** Tells the other instances a token is revoked; if Redis cannot be reached, they honour it until their cache entry runs out (said in the log). */
export async function tellRevoked(tokenId: string): Promise<void> {
  const url = redisUrl();
  if (!url) return;
  try {
    await (await publisher(url)).publish(keys.revokedTokensChannel, tokenId);
  } catch (error) {
    console.error(
      `sluice: token ${tokenId} is revoked, but other instances were not told ` +
        `(${error instanceof Error ? error.message : String(error)}); they refuse it within ${KNOWN_MS / 1000} s`,
    );
  }
}
