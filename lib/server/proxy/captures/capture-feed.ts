import 'server-only';
import type { CaptureFeedEvent } from '@/lib/api/captures';
import { readVariable } from '@/lib/server/platform/environment';
import { captureStore } from '@/lib/server/store/captures';
import { processSingleton } from '@/lib/server/platform/process-singleton';

/** How often the feed asks the database while a page listens: other instances' captures appear within this. */
const POLL_MS = 500;

/** Hears every change, with the owner of the capture it is about: the route passes on its user's own. */
type Listener = (event: CaptureFeedEvent, ownerId: string) => void;

interface Feed {
  listeners: Set<Listener>;
  cursor?: number;
  timer?: ReturnType<typeof setInterval>;
  reading?: Promise<void>;
  again: boolean;
  pruning?: Promise<void>;
  pruneAgain?: boolean;
}

/**
 * The Traffic page's live list. One reader per process follows the captures' change
 * numbers in the database while any page listens, so a capture written by any instance
 * reaches every page within POLL_MS; one written here is read at once. Shared through
 * globalThis: the proxy (instrumentation's bundle) and the routes have their own module state.
 */
function feed(): Feed {
  return processSingleton<Feed>('capture-feed', () => ({ listeners: new Set(), again: false }));
}

async function readChanges(state: Feed): Promise<void> {
  const captures = await captureStore();
  state.cursor ??= await captures.lastChange();
  for (;;) {
    const { items, cursor } = await captures.changedSince(state.cursor);
    state.cursor = cursor;
    for (const { capture, ownerId } of items)
      for (const listener of state.listeners) listener({ type: 'capture', capture }, ownerId);
    if (items.length < 200) return;
  }
}

/** Reads what changed, once at a time; a poke during a read reads again after it. */
function poll(state: Feed): void {
  if (state.listeners.size === 0) return;
  if (state.reading) {
    state.again = true;
    return;
  }
  state.reading = readChanges(state)
    .catch((error: unknown) => console.error(`sluice: reading the captures' changes failed: ${String(error)}`))
    .finally(() => {
      state.reading = undefined;
      if (state.again) {
        state.again = false;
        poll(state);
      }
    });
}

/** Follows every capture written or changed from now on, on any instance; returns the unsubscribe. */
export async function followCaptures(listener: Listener): Promise<() => void> {
  const state = feed();
  if (state.listeners.size === 0) state.cursor = await (await captureStore()).lastChange();
  state.listeners.add(listener);
  state.timer ??= setInterval(() => poll(state), POLL_MS);
  state.timer.unref?.();
  return () => {
    state.listeners.delete(listener);
    if (state.listeners.size === 0 && state.timer) {
      clearInterval(state.timer);
      state.timer = undefined;
    }
  };
}

/** A capture was written here: the pages hear of it now, not at the next poll. As one ends, the oldest beyond the bound go (an indexed delete). */
export function captureWritten({ ended = false } = {}): void {
  poll(feed());
  if (ended) prune(feed());
}

/**
 * One prune at a time; captures that end during it are pruned for once after it: many
 * ending together (they are read in the proxy's lulls) cost two deletes, not one each.
 */
function prune(state: Feed): void {
  if (state.pruning) {
    state.pruneAgain = true;
    return;
  }
  state.pruning = captureStore()
    .then((captures) => captures.prune(readVariable('SLUICE_CAPTURE_RETENTION')))
    .catch((error: unknown) => console.error(`sluice: pruning old captures failed: ${String(error)}`))
    .finally(() => {
      state.pruning = undefined;
      if (state.pruneAgain) {
        state.pruneAgain = false;
        prune(state);
      }
    });
}

/** A capture was deleted here: the pages listening here hear of it. */
export function captureDeleted(id: string, ownerId: string): void {
  for (const listener of feed().listeners) listener({ type: 'deleted', id }, ownerId);
}
