/**
 * The page's one requestAnimationFrame loop. Each frame, the streams with news that are
 * due contribute a patch each, and the store is updated once with all of them;
 * then the frame's other work runs (the block budget's grant, the event log's and the
 * race chart's redraws), so whatever they set renders with that one update. Four times
 * a second, in a frame that applies streams, a beat: the clocks and the race's picture
 * change together, laid out and painted with the text. A factory:
 * the page makes one (lib/client/thread/page-frames.ts, with the pool's update as
 * `apply`), a test makes its own with a hand-cranked frame.
 */

/**
 * Streaming text changes are applied at most this often per stream (every third
 * frame at 60 Hz): reading does not need more, and each update re-parses the markdown
 * of the stream's tail. A stream's end is applied at the next frame regardless.
 */
export const MIN_UPDATE_INTERVAL_MS = 45;

/**
 * A fast stream's text is applied at most this often (every fourth frame at 60 Hz):
 * each of its updates already brings lines, not words, so fewer and larger steps read
 * the same, and each step is a render, a layout and a paint of the page's.
 */
export const FAST_UPDATE_INTERVAL_MS = 62;

/**
 * A stream counts as fast while its news comes at least this often (reads a
 * millisecond): 0.3 is 300 reads a second, about 300 tok/s from an upstream that sends
 * a token an event. Slower streams keep MIN_UPDATE_INTERVAL_MS, where a step is a
 * word or two and a longer wait would show.
 */
export const FAST_NEWS_PER_MS = 0.3;

/**
 * A stream with news this long after its last update joins a frame that applies
 * another's (a frame and a half at 60 Hz): streams that began a frame apart would
 * otherwise keep their own phase, and two of every three frames would lay out and
 * paint text.
 */
export const JOIN_AFTER_MS = 25;

/**
 * The page's clocks (elapsed times, rates) and the race's picture change at most this
 * often, all in one frame: the beat. The eye reads no faster, and each of them on a
 * phase of its own made a frame of style, layout and paint of its own.
 */
export const BEAT_MS = 250;

/**
 * A beat waits this long past BEAT_MS for a frame that applies streams, so that what
 * it changes is laid out and painted with their text; past it, it comes anyway (a
 * stall, or nothing streaming).
 */
export const BEAT_WAIT_MS = 50;

export interface FrameLoopOptions<Patch extends object> {
  /** Runs a callback at the next frame with its timestamp (requestAnimationFrame on the page). */
  requestFrame: (callback: (now: number) => void) => void;
  /** The store's one update per frame: every stream's patch, keyed by its stream. */
  apply: (patches: Map<string, Patch>) => void;
  /** Whether the page is hidden (it then draws no frames): a stream's end is applied at once. */
  hidden?: () => boolean;
}

/** Counters the tests assert (window.__sluice). */
export interface FrameStats {
  frames: number;
  storeUpdates: number;
}

export function createFrameLoop<Patch extends object>({ requestFrame, apply, hidden = () => false }: FrameLoopOptions<Patch>) {
  /** A stream's news, read when its turn comes: the fields it changes. */
  type Snapshot = () => Patch;

  const frameStats: FrameStats = { frames: 0, storeUpdates: 0 };

  /**
   * Per stream, its news by source (the reply read from the wire, its markdown parsed in
   * the worker): when it is due they make one patch, so a stream costs one render per
   * update however many sources it has.
   */
  const pending = new Map<string, Map<string, Snapshot>>();
  /** When each stream was last applied: each keeps its own cadence. */
  const lastApplied = new Map<string, number>();
  /** Each stream's news from the wire since it was last applied, and whether it came fast (FAST_NEWS_PER_MS) then. */
  const newsCount = new Map<string, number>();
  const fast = new Set<string>();
  /** Streams whose end is waiting for the next frame, with who waits on it. */
  const finals = new Map<string, (() => void)[]>();
  /** Work for the next frame only, work for every frame until it says it is done, and work for every beat. */
  let once: ((now: number) => void)[] = [];
  const ticks = new Set<(now: number) => boolean | void>();
  const beats = new Set<(now: number) => boolean | void>();
  let scheduled = false;
  /** The frame time of the last beat. */
  let lastBeat = -Infinity;

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    requestFrame(runFrame);
  }

  /** Runs `callback` once, at the next frame, after its store update. */
  function nextFrame(callback: (now: number) => void): void {
    once.push(callback);
    schedule();
  }

  /** Runs `tick` every frame, after its store update, until it returns false or the returned cancel is called. */
  function onFrame(tick: (now: number) => boolean | void): () => void {
    ticks.add(tick);
    schedule();
    return () => void ticks.delete(tick);
  }

  /**
   * Runs `tick` at every beat (BEAT_MS, in a frame that applies streams where one comes
   * soon enough), after the frame's store update, until it returns false or the
   * returned cancel is called. The loop runs every frame while any is waiting, so a
   * beat comes through a stall too.
   */
  function onBeat(tick: (now: number) => boolean | void): () => void {
    beats.add(tick);
    schedule();
    return () => void beats.delete(tick);
  }

  /** The time of the last beat: a sampler given it works its value out once a beat. */
  const beatTime = (): number => lastBeat;

  /** Marks stream `key` as having news from `source`; `snapshot` is read once, when the stream is due. */
  function requestFlush(key: string, snapshot: Snapshot, source = 'stream'): void {
    addNews(key, snapshot, source);
    schedule();
  }

  function addNews(key: string, snapshot: Snapshot, source: string): void {
    if (source === 'stream') newsCount.set(key, (newsCount.get(key) ?? 0) + 1);
    const sources = pending.get(key) ?? new Map<string, Snapshot>();
    sources.set(source, snapshot);
    pending.set(key, sources);
  }

  /** The stream's news from every source, as one patch; it is no longer pending. */
  function take(key: string): Patch {
    const sources = pending.get(key);
    pending.delete(key);
    newsCount.delete(key);
    return Object.assign({}, ...[...(sources?.values() ?? [])].map((snapshot) => snapshot())) as Patch;
  }

  /**
   * A stream's last state, applied with the next frame's one update (so even its end
   * costs no extra store update); at once when the page is hidden and draws no frames.
   * Resolves once applied.
   */
  function flushFinal(key: string, snapshot: Snapshot): Promise<void> {
    if (hidden()) {
      flushNow(key, snapshot);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      finals.set(key, [...(finals.get(key) ?? []), resolve]);
      requestFlush(key, snapshot);
    });
  }

  /** Applies a stream's last state now, outside the frame cadence: only for a hidden page, which draws no frames. */
  function flushNow(key: string, snapshot: Snapshot): void {
    addNews(key, snapshot, 'stream');
    forget(key);
    frameStats.storeUpdates++;
    apply(new Map([[key, take(key)]]));
  }

  /**
   * The streams applied this frame: every one due, together, and every ending one (out of
   * cadence). Streams in step (a race's panes) so render in the same frames, and the
   * frames between have nothing of theirs to lay out and paint. They used to take
   * turns, a third a frame, for fear of long frames (88 ms with four panes, when each
   * parsed its markdown on the page); taking turns put a pane's render, layout and paint
   * into nearly every frame, and together they cost the main thread less
   * (docs/decisions.md: "Streams due in one frame, together"). Streams a frame out of
   * step join the due ones (JOIN_AFTER_MS), so they fall in step and stay there
   * (docs/decisions.md: "Streams fall in step, clocks on one beat").
   */
  function due(now: number): string[] {
    const since = (key: string) => now - (lastApplied.get(key) ?? -Infinity);
    const interval = (key: string) => (fast.has(key) ? FAST_UPDATE_INTERVAL_MS : MIN_UPDATE_INTERVAL_MS);
    const keys = [...pending.keys()];
    if (!keys.some((key) => finals.has(key) || since(key) >= interval(key))) return [];
    // Streams close to their time join, and from then on are in step.
    return keys.filter((key) => finals.has(key) || since(key) >= JOIN_AFTER_MS);
  }

  /** Whether this frame is a beat: BEAT_MS since the last, in a frame that applies streams unless none came for BEAT_WAIT_MS. */
  function isBeat(now: number, applies: boolean): boolean {
    const since = now - lastBeat;
    return since >= BEAT_MS && (applies || since >= BEAT_MS + BEAT_WAIT_MS);
  }

  /** A stream that ended: its cadence starts afresh if its key streams again. */
  function forget(key: string): void {
    lastApplied.delete(key);
    fast.delete(key);
  }

  function runFrame(now: number): void {
    scheduled = false;
    frameStats.frames++;
    const keys = due(now);
    // Before the store update: a sampler in a store selector reads the beat's time (beatTime).
    const beat = isBeat(now, keys.length > 0);
    if (beat) lastBeat = now;
    if (keys.length > 0) {
      const patches = new Map<string, Patch>();
      for (const key of keys) {
        const last = lastApplied.get(key);
        const news = newsCount.get(key) ?? 0;
        if (last !== undefined && news / Math.max(1, now - last) >= FAST_NEWS_PER_MS) fast.add(key);
        else fast.delete(key);
        patches.set(key, take(key));
        lastApplied.set(key, now);
      }
      frameStats.storeUpdates++;
      apply(patches);
    }
    for (const key of keys) {
      const waiting = finals.get(key);
      if (!waiting) continue;
      finals.delete(key);
      forget(key);
      waiting.forEach((resolve) => resolve());
    }
    const callbacks = once;
    once = [];
    callbacks.forEach((callback) => callback(now));
    for (const tick of [...ticks]) if (tick(now) === false) ticks.delete(tick);
    if (beat) for (const tick of [...beats]) if (tick(now) === false) beats.delete(tick);
    if (pending.size > 0 || once.length > 0 || ticks.size > 0 || beats.size > 0) schedule();
  }

  return { requestFlush, flushFinal, nextFrame, onFrame, onBeat, beatTime, frameStats };
}

export type FrameLoop<Patch extends object> = ReturnType<typeof createFrameLoop<Patch>>;
