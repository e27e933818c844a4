import 'server-only';
import { processSingleton } from '@/lib/server/platform/process-singleton';

/**
 * What a read of the store must wait for, so that it shows what the server has taken:
 *
 * - Turns taken whose first write still waits for the answer's first bytes (see
 *   `ReplyWriter.begin`). A page reloaded before the upstream answered (a compare
 *   session's URL is known before its panes' requests are) must show those turns and
 *   their streaming replies, so a read starts their writes at once and waits for them.
 * - Replies whose stream has ended and whose final state is still being written (the
 *   server's copy is read in a worker, then stored). A reader who reloads the moment a
 *   stream ends must see the reply as it ended, not its `streaming` placeholder.
 *
 * Reads wait up to a bound. Shared through globalThis: Next.js gives each route its own
 * module state.
 */

/** A read waits at most this long: a stuck write must not hang a page. */
export const SETTLE_WAIT_MS = 3000;

function pending(): Set<Promise<unknown>> {
  return processSingleton('settling-replies', () => new Set<Promise<unknown>>());
}

function unwritten(): Set<() => Promise<unknown>> {
  return processSingleton('unwritten-turns', () => new Set<() => Promise<unknown>>());
}

/** Tracks a reply's final write until it is done, however it ends. */
export function settling(write: Promise<unknown>): void {
  const tracked = write.catch(() => undefined).finally(() => pending().delete(tracked));
  pending().add(tracked);
}

/**
 * Lists a turn whose write is deferred; `write` starts it (and must be idempotent).
 * Returns the function that takes it off the list, to call once its write has begun.
 */
export function deferredTurn(write: () => Promise<unknown>): () => void {
  unwritten().add(write);
  return () => unwritten().delete(write);
}

/** Resolves once every turn taken and every reply that has ended so far is stored, or after `waitMs`. */
export async function repliesSettled(waitMs = SETTLE_WAIT_MS): Promise<void> {
  const writes = [...[...unwritten()].map((write) => write().catch(() => undefined)), ...pending()];
  if (writes.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(writes), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}
