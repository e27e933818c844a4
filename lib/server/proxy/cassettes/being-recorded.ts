import 'server-only';

/**
 * Recordings this process is still writing to a cassette, by cassette (owner and name).
 * A recorded exchange reaches its cassette after its capture is written, a moment after
 * the app saw the answer end: a playback that comes at once (a CI step that records,
 * then plays back) would miss it. So a playback that finds no match waits for these
 * first, for a bounded time (docs/architecture.md, "Cassettes").
 */
const pending = new Map<string, Set<Promise<unknown>>>();

const which = (name: string, owner: string) => `${owner}/${name}`;

/** Keeps `writing` among the cassette's recordings until it settles; gives it back. */
export function beingRecorded<T>(name: string, owner: string, writing: Promise<T>): Promise<T> {
  const key = which(name, owner);
  const set = pending.get(key) ?? new Set();
  pending.set(key, set);
  set.add(writing);
  const settled = () => {
    set.delete(writing);
    if (!set.size && pending.get(key) === set) pending.delete(key);
  };
  void writing.then(settled, settled);
  return writing;
}

/**
 * Waits for the cassette's recordings being written now, at most `withinMs` (a write
 * that hangs never holds a playback longer). `false`: there were none, nothing changed.
 */
export async function recordingsWritten(name: string, owner: string, withinMs: number): Promise<boolean> {
  const set = pending.get(which(name, owner));
  if (!set?.size) return false;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)));
  await Promise.race([Promise.allSettled([...set]), bound]);
  clearTimeout(timer);
  return true;
}
