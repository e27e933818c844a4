/**
 * One requestAnimationFrame loop for every active stream: each frame, every stream
 * with pending deltas contributes a patch, and the store is updated once with all of
 * them. Counters are exposed on window.__sluice for the tests that assert them.
 */
export const frameStats = { frames: 0, storeUpdates: 0 };

const pending = new Map<string, () => unknown>();
let scheduled = false;
let lastApplied = -Infinity;

/**
 * Streaming text changes are applied at most this often (every third frame at 60 Hz):
 * reading does not need more, and each update re-parses the markdown of every
 * streaming tail. A stream's end is applied at the next frame regardless.
 */
export const MIN_UPDATE_INTERVAL_MS = 45;
let apply: (patches: Map<string, unknown>) => void = () => undefined;

/** The store's one update per frame. */
export function setFrameApplier(applier: (patches: Map<string, unknown>) => void): void {
  apply = applier;
}

/** Marks stream `key` as having news; `snapshot` is read once, at the next frame. */
export function requestFlush(key: string, snapshot: () => unknown): void {
  pending.set(key, snapshot);
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(runFrame);
}

/**
 * A stream's last state, applied with the next frame's one update (so even its end
 * costs no extra store update); at once when the page is hidden and draws no frames.
 * Resolves once applied.
 */
export function flushFinal(key: string, snapshot: () => unknown): Promise<void> {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
    flushNow(key, snapshot);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    requestFlush(key, snapshot);
    applied.push(resolve);
  });
}

const applied: (() => void)[] = [];

/** Applies a stream's last state now, outside the frame cadence: only for a hidden page, which draws no frames. */
function flushNow(key: string, snapshot: () => unknown): void {
  pending.delete(key);
  frameStats.storeUpdates++;
  apply(new Map([[key, snapshot()]]));
}

function runFrame(now: number): void {
  scheduled = false;
  frameStats.frames++;
  if (pending.size > 0 && applied.length === 0 && now - lastApplied < MIN_UPDATE_INTERVAL_MS) {
    scheduled = true;
    requestAnimationFrame(runFrame);
    return;
  }
  const done = applied.splice(0);
  if (pending.size > 0) {
    lastApplied = now;
    const patches = new Map<string, unknown>();
    for (const [key, snapshot] of pending) patches.set(key, snapshot());
    pending.clear();
    frameStats.storeUpdates++;
    apply(patches);
  }
  for (const resolve of done) resolve();
}
