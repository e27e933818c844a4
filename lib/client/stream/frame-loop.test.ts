import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubAnimationFrames } from '@/tests/support/animation-frames';
import { createFrameLoop } from './frame-loop';

/** A frame loop of its own, on a hand-cranked frame: `frame()` runs one 60 Hz frame. */
function loopWithFrames() {
  const frames = stubAnimationFrames();
  const updates: string[][] = [];
  const patches: Map<string, object>[] = [];
  let hidden = false;
  const loop = createFrameLoop<object>({
    requestFrame: (callback) => requestAnimationFrame(callback),
    hidden: () => hidden,
    apply: (applied) => {
      updates.push([...applied.keys()]);
      patches.push(applied);
    },
  });
  return { loop, updates, patches, frame: () => frames.frame(), hide: () => (hidden = true) };
}

describe('the frame loop', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('applies a new stream at the next frame, then at most once per interval', async () => {
    const { loop, updates, frame } = loopWithFrames();
    for (let i = 0; i < 12; i++) {
      loop.requestFlush('a', () => ({ i }));
      frame();
    }
    // 12 frames of 16.7 ms: at 0, 50, 100, 150 ms (45 ms apart, rounded up to frames).
    expect(updates).toEqual([['a'], ['a'], ['a'], ['a']]);
    expect(loop.frameStats.storeUpdates).toBe(4);
  });

  it('applies a fast stream every fourth frame, and a slow one every third again once it slows', async () => {
    const { loop, updates, frame } = loopWithFrames();
    const frameOf: number[] = [];
    let frames = 0;
    const run = (n: number, readsPerFrame: number) => {
      for (let i = 0; i < n; i++) {
        frames++;
        for (let r = 0; r < readsPerFrame; r++) loop.requestFlush('a', () => ({ frames }));
        const before = updates.length;
        frame();
        if (updates.length > before) frameOf.push(frames);
      }
    };
    // 12 reads a frame (720 a second, a token a read at 720 tok/s): after the first two
    // updates show its pace, every fourth frame (62 ms: 66.7 ms of frames).
    run(20, 12);
    expect(frameOf).toEqual([1, 4, 8, 12, 16, 20]);
    // Down to 2 reads a frame (120 a second): every third frame again, from the update after one slow spell.
    frameOf.length = 0;
    run(14, 2);
    expect(frameOf).toEqual([24, 27, 30, 33]);
    // Markdown trees are the page's own news, not the wire's: they never make a stream fast.
    const { loop: other, updates: applied, frame: next } = loopWithFrames();
    for (let i = 0; i < 12; i++) {
      other.requestFlush('b', () => ({ i }));
      for (let t = 0; t < 12; t++) other.requestFlush('b', () => ({ trees: t }), 'markdown');
      next();
    }
    expect(applied).toHaveLength(4);
  });

  it('applies streams in step together: four panes in one store update, every third frame', async () => {
    const { loop, updates, frame } = loopWithFrames();
    const panes = ['p1', 'p2', 'p3', 'p4'];
    for (let i = 0; i < 30; i++) {
      for (const pane of panes) loop.requestFlush(pane, () => ({ i }));
      frame();
    }
    // 30 frames of 16.7 ms: at 0, 50, 100 … 450 ms, each time all four.
    expect(updates).toEqual(Array.from({ length: 10 }, () => panes));
    expect(loop.frameStats.storeUpdates).toBe(10);
  });

  it('brings streams a frame out of step into step: one store update every third frame', async () => {
    const { loop, updates, frame } = loopWithFrames();
    loop.requestFlush('p1', () => ({ n: 0 }));
    frame(); // p1 first applied here
    for (let i = 0; i < 12; i++) {
      loop.requestFlush('p1', () => ({ i }));
      loop.requestFlush('p2', () => ({ i }));
      frame();
    }
    // p2 starts a frame late, then joins p1 as p1 is due (33 ms after p2's first update):
    // from there on, both every third frame, in one update.
    expect(updates).toEqual([['p1'], ['p2'], ['p1', 'p2'], ['p1', 'p2'], ['p1', 'p2'], ['p1', 'p2']]);
  });

  it('runs the beat four times a second, in a frame that applies streams, and through a stall', async () => {
    const { loop, updates, frame } = loopWithFrames();
    const beats: number[] = [];
    let frames = 0;
    loop.onBeat(() => void beats.push(frames));
    // Streams due every third frame (frames 1, 4, 7 …): a beat waits for one of them.
    for (; frames < 40;) {
      frames++;
      loop.requestFlush('a', () => ({ frames }));
      frame();
    }
    expect(beats).toEqual([1, 16, 31]);
    expect(beats.every((f) => (f - 1) % 3 === 0)).toBe(true);
    expect(updates).toHaveLength(14);
    // No news: the beat comes BEAT_WAIT_MS late, but it comes.
    for (let i = 0; i < 40; i++) {
      frames++;
      frame();
    }
    expect(beats.slice(3)).toEqual([49, 67]);
  });

  it('gives samplers the beat’s time, set before the store update', async () => {
    const frames = loopWithFrames();
    const seen: number[] = [];
    const loop = createFrameLoop<object>({
      requestFrame: (callback) => requestAnimationFrame(callback),
      apply: () => void seen.push(loop.beatTime()),
    });
    loop.onBeat(() => undefined);
    loop.requestFlush('a', () => ({}));
    frames.frame();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[0]).toBe(loop.beatTime());
  });

  it('applies a stream’s end at the next frame, out of cadence, and resolves its waiters then', async () => {
    const { loop, updates, frame } = loopWithFrames();
    loop.requestFlush('a', () => ({ n: 1 }));
    frame();
    let ended = false;
    void loop.flushFinal('a', () => ({ n: 2 })).then(() => (ended = true));
    frame(); // 16.7 ms after the last update: a plain update would wait, the end does not
    await Promise.resolve();
    expect(updates).toEqual([['a'], ['a']]);
    expect(ended).toBe(true);
  });

  it('applies streams ending together in the next frame, in one update', async () => {
    const { loop, updates, frame } = loopWithFrames();
    const panes = ['p1', 'p2', 'p3', 'p4'];
    for (const pane of panes) loop.requestFlush(pane, () => ({ n: 0 }));
    for (let i = 0; i < 4; i++) frame();
    const before = updates.length;
    let ended = 0;
    for (const pane of panes) void loop.flushFinal(pane, () => ({ n: 1 })).then(() => ended++);
    for (let i = 0; i < 3; i++) frame();
    await Promise.resolve();
    expect(updates.slice(before)).toEqual([panes]);
    expect(ended).toBe(4);
  });

  it('applies a stream’s news from every source in one patch, each source’s latest', async () => {
    const { loop, updates, patches, frame } = loopWithFrames();
    loop.requestFlush('a', () => ({ text: 'one' }));
    loop.requestFlush('a', () => ({ text: 'one two' }));
    loop.requestFlush('a', () => ({ trees: 1 }), 'markdown');
    frame();
    expect(updates).toEqual([['a']]);
    expect(patches[0]!.get('a')).toEqual({ text: 'one two', trees: 1 });
    // Trees alone wait until the stream is due, like its text.
    loop.requestFlush('a', () => ({ trees: 2 }), 'markdown');
    frame();
    expect(updates).toHaveLength(1);
    loop.requestFlush('a', () => ({ text: 'one two three' }));
    for (let i = 0; i < 3; i++) frame();
    expect(updates).toHaveLength(2);
    expect(patches[1]!.get('a')).toEqual({ text: 'one two three', trees: 2 });
  });

  it('applies a stream’s end at once on a hidden page, which draws no frames, with its other news', async () => {
    const { loop, updates, patches, hide } = loopWithFrames();
    hide();
    loop.requestFlush('a', () => ({ trees: 1 }), 'markdown');
    await loop.flushFinal('a', () => ({ text: 'done' }));
    expect(updates).toEqual([['a']]);
    expect(patches[0]!.get('a')).toEqual({ text: 'done', trees: 1 });
  });

  it('runs the frame’s other work after its one store update: once, or every frame until done', async () => {
    const { loop, updates, frame } = loopWithFrames();
    const seen: string[] = [];
    loop.nextFrame(() => seen.push(`once after ${updates.length} update(s)`));
    loop.requestFlush('a', () => ({ n: 1 }));
    let ticks = 0;
    loop.onFrame(() => {
      seen.push('tick');
      return ++ticks < 3;
    });
    const cancelled = loop.onFrame(() => void seen.push('cancelled'));
    cancelled();
    for (let i = 0; i < 5; i++) frame();
    expect(seen).toEqual(['once after 1 update(s)', 'tick', 'tick', 'tick']);
    expect(loop.frameStats.frames).toBe(3); // no frame asked for once nothing is left to do
  });
});
