import type { Root } from 'hast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TreeAnswer, TreeRequest } from '@/lib/markdown/tree-messages';
import { stubAnimationFrames } from '@/tests/support/animation-frames';
import { stubWorker } from '@/tests/support/fake-worker';
import type { AssistantPatch, ReplyTrees } from '../thread/ui-message';
import { createFrameLoop } from '../stream/frame-loop';
import { createMarkdownTrees } from './markdown-trees';

/** A MarkdownTrees of its own, with a stand-in worker, a hand-cranked frame loop and a store of trees by reply. */
function setUp() {
  const { posts, answer, fail } = stubWorker<TreeRequest[], TreeAnswer[]>();
  const { frame } = stubAnimationFrames({ step: 100 });
  const store = new Map<string, ReplyTrees>();
  const loop = createFrameLoop<AssistantPatch>({
    requestFrame: (callback) => requestAnimationFrame(callback),
    apply: (patches) => patches.forEach((patch, id) => patch.trees && store.set(id, patch.trees)),
  });
  const markdownTrees = createMarkdownTrees({ requestFlush: loop.requestFlush, treesOf: (id) => store.get(id) });
  return { markdownTrees, store, frameStats: loop.frameStats, posts, frame, answer, fail };
}

const tree = (text: string): Root => ({ type: 'root', children: [{ type: 'text', value: text }] });
const sent = (posts: TreeRequest[][]) =>
  posts.map((post) => post.map((r) => `${r.index}:${r.text}:${r.streaming ? 'tail' : 'done'}`));

describe('markdown trees from the worker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends each finished block once, and the tail only when it changed', async () => {
    const { markdownTrees, posts } = setUp();
    markdownTrees.update('r1', 0, ['# A'], 'some', true);
    markdownTrees.update('r1', 0, ['# A'], 'some', true);
    markdownTrees.update('r1', 0, ['# A', 'some text'], 'more', true);
    markdownTrees.update('r1', 0, ['# A', 'some text'], 'more', false);
    expect(sent(posts)).toEqual([['0:# A:done', '1:some:tail'], ['1:some text:done', '2:more:tail'], ['2:more:done']]);
  });

  it('brings answers into the store at the next frame, in one update, beside the trees already there', async () => {
    const { markdownTrees, store, frameStats, frame, answer } = setUp();
    markdownTrees.update('r1', 0, ['# A', 'b'], 'c', true);
    answer([{ id: 'r1', part: 0, index: 0, text: '# A', streaming: false, tree: tree('A') }]);
    frame();
    answer([{ id: 'r1', part: 0, index: 1, text: 'b', streaming: false, tree: tree('b') }]);
    answer([{ id: 'r1', part: 0, index: 2, text: 'c', streaming: true, tree: tree('c') }]);
    const updates = frameStats.storeUpdates;
    frame();
    expect(frameStats.storeUpdates).toBe(updates + 1);
    const trees = store.get('r1')?.[0];
    expect(trees?.map((t) => t && `${t.text}:${t.streaming}`)).toEqual(['# A:false', 'b:false', 'c:true']);
  });

  it('has a reply wait while trees for it are unasked or on their way, until they are in the store', async () => {
    const { markdownTrees, frame, answer } = setUp();
    expect(markdownTrees.isWaiting('r1', 0, ['# A'], 'b', false)).toBe(true); // not asked yet
    markdownTrees.update('r1', 0, ['# A'], 'b', false);
    answer([{ id: 'r1', part: 0, index: 0, text: '# A', streaming: false, tree: tree('A') }]);
    frame();
    expect(markdownTrees.isWaiting('r1', 0, ['# A'], 'b', false)).toBe(true); // the tail's tree is on its way
    answer([{ id: 'r1', part: 0, index: 1, text: 'b', streaming: false, tree: tree('b') }]);
    expect(markdownTrees.isWaiting('r1', 0, ['# A'], 'b', false)).toBe(true); // answered, not yet in the store
    frame();
    expect(markdownTrees.isWaiting('r1', 0, ['# A'], 'b', false)).toBe(false);
  });

  it('counts a worker that answers nothing for 3 s as failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const { markdownTrees, answer } = setUp();
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      markdownTrees.update('r1', 0, ['# A'], '', true);
      vi.advanceTimersByTime(2000);
      answer([{ id: 'r1', part: 0, index: 0, text: '# A', streaming: false, tree: tree('A') }]);
      vi.advanceTimersByTime(5000); // nothing out: no watchdog
      expect(markdownTrees.available).toBe(true);
      markdownTrees.update('r1', 0, ['# A', 'b'], '', true);
      vi.advanceTimersByTime(2900);
      expect(markdownTrees.available).toBe(true);
      vi.advanceTimersByTime(200);
      expect(markdownTrees.available).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns itself off when the worker fails, and tells the page', async () => {
    const { markdownTrees, fail } = setUp();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const listener = vi.fn();
    markdownTrees.subscribe(listener);
    markdownTrees.update('r1', 0, ['# A'], '', true);
    expect(markdownTrees.available).toBe(true);
    fail('no document here');
    expect(markdownTrees.available).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
