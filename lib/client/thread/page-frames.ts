import { createFrameLoop } from '../stream/frame-loop';
import type { ReplySink } from '../stream/stream-reply';
import { patchReplies } from './message-pool';
import type { AssistantPatch } from './ui-message';

/** The page's one frame loop: each frame, every stream whose turn it is patches its reply in the pool, in one store update. */
export const frameLoop = createFrameLoop<AssistantPatch>({
  requestFrame: (callback) => requestAnimationFrame(callback),
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  apply: patchReplies,
});

export const { frameStats } = frameLoop;

/** Where reply `id`'s stream writes on the page: its message in the pool, through the frame loop. */
export function replySink(id: string): ReplySink {
  return {
    update: (snapshot) => frameLoop.requestFlush(id, snapshot),
    finish: (snapshot) => frameLoop.flushFinal(id, snapshot),
  };
}
