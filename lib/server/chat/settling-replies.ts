/**
 * Replies whose stream has ended and whose final state is still being written (the
 * server's copy is read in a worker, then stored). A reader who reloads the moment a
 * stream ends must see the reply as it ended, not its `streaming` placeholder, so reads
 * of conversations wait for these writes first, up to a bound. Shared through
 * globalThis: Next.js gives each route its own module state.
 */
const KEY = Symbol.for('sluice.settling-replies');
type Holder = { [KEY]?: Set<Promise<unknown>> };

/** A read waits at most this long: a stuck write must not hang a page. */
export const SETTLE_WAIT_MS = 3000;

function pending(): Set<Promise<unknown>> {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new Set());
}

/** Tracks a reply's final write until it is done, however it ends. */
export function settling(write: Promise<unknown>): void {
  const tracked = write.catch(() => undefined).finally(() => pending().delete(tracked));
  pending().add(tracked);
}

/** Resolves once every reply that has ended so far is stored, or after `waitMs`. */
export async function repliesSettled(waitMs = SETTLE_WAIT_MS): Promise<void> {
  const writes = [...pending()];
  if (writes.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(writes), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}
