import { frameLoop } from '../thread/page-frames';

/**
 * How many markdown blocks of replies opened from history render in one frame, shared
 * by every reply on the page. Each such reply parses its blocks on the page, a few a
 * frame (components/chat/markdown.tsx); with a budget of their own, a conversation of
 * many long replies parsed that many times more each frame.
 */
export const BLOCKS_PER_FRAME = 8;

/** What a waiting reply is given: more blocks it may render. */
type Grant = (blocks: number) => void;

/** The budget, on frames from `nextFrame` (the page's frame loop; a test's hand-cranked one). */
export function createBlockBudget(nextFrame: (callback: () => void) => void) {
  /** Replies waiting for blocks, in the order they asked: the last to ask is served first. */
  const waiting = new Set<Grant>();
  /**
   * The reply given blocks and not yet rendered with them. Nothing more is given until it
   * has (its request is withdrawn as its effect re-runs): React renders a state update
   * later, in a task of its own, and two frames' grants rendered together would be twice
   * the budget in one frame.
   */
  let rendering: Grant | undefined;
  let scheduled = false;

  /**
   * Asks for blocks at a coming frame; returns what withdraws the request (call it once
   * rendered with a grant, or when no longer waiting). A frame's whole budget goes to the
   * reply that asked last: the lowest on the page, as effects run in the order replies
   * are mounted, and, asking again after each grant, it keeps its turn until it is done,
   * so the page fills in from its end, where it opens.
   */
  function requestBlocks(grant: Grant): () => void {
    waiting.add(grant);
    schedule();
    return () => {
      waiting.delete(grant);
      if (rendering !== grant) return;
      rendering = undefined;
      schedule();
    };
  }

  function schedule(): void {
    if (scheduled || rendering || waiting.size === 0) return;
    scheduled = true;
    nextFrame(serve);
  }

  function serve(): void {
    scheduled = false;
    const last = [...waiting].at(-1);
    if (!last || rendering) return;
    waiting.delete(last);
    rendering = last;
    last(BLOCKS_PER_FRAME);
  }

  return { requestBlocks };
}

/** The page's budget, granted at the page's frames. */
export const { requestBlocks } = createBlockBudget(frameLoop.nextFrame);
