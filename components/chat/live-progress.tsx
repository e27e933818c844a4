'use client';

import { memo, useEffect, useRef } from 'react';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { liveProgress, progressText } from '@/lib/client/thread/live-progress';
import { frameLoop } from '@/lib/client/thread/page-frames';

/**
 * Reply `id`'s progress now, from the pool as the frame loop last patched it; none until
 * the page knows when its request started (a reply joined after a reload: once its
 * stream has the server's clock), rather than a clock that starts at the reload.
 */
function progressOf(id: string) {
  const message = useMessagePool.getState().messages[id];
  if (message?.role !== 'assistant' || message.startedAt === undefined) return undefined;
  const progress = liveProgress(message.reply, message.figures, performance.now() - message.startedAt);
  return { phase: progress.phase, text: progressText(progress) };
}

/**
 * A streaming reply's progress line: waiting for its first token, elapsed time and
 * tok/s so far, or how long nothing came. It renders once; then, at each beat of the
 * page's frame loop (four times a second, in the frame that lays out the reply's text),
 * it writes its text into the element, as a compare pane's elapsed time does
 * (docs/decisions.md, "A pane's elapsed time ticks without a render", "Streams fall in
 * step, clocks on one beat"): the clock must tick through a stall, when no patch
 * renders the reply, and a render per tick would be one more task per reply beside the
 * frame loop's. On a timer of its own it was, and its own frame's style, layout and
 * paint. Not a live region: read on demand, not announced four times a second.
 */
export const LiveProgress = memo(function LiveProgress({ id }: { id: string }) {
  const line = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    return frameLoop.onBeat(() => {
      const progress = progressOf(id);
      const element = line.current;
      if (!element) return;
      element.hidden = !progress;
      if (!progress) return;
      if (element.textContent !== progress.text) element.textContent = progress.text;
      element.dataset.phase = progress.phase;
    });
  }, [id]);
  const initial = progressOf(id);
  return (
    <span
      ref={line}
      role="timer"
      aria-label="Reply progress"
      hidden={!initial}
      data-phase={initial?.phase}
      className={[
        'rounded-full bg-zinc-100 px-2 py-0.5 font-mono text-xs text-zinc-600 tabular-nums',
        'dark:bg-zinc-800/80 dark:text-zinc-300 data-[phase=stalled]:bg-amber-100',
        'data-[phase=stalled]:text-amber-900 dark:data-[phase=stalled]:bg-amber-950/70',
        'dark:data-[phase=stalled]:text-amber-300',
      ].join(' ')}
    >
      {initial?.text}
    </span>
  );
});
