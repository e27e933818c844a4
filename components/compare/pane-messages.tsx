'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { useCompareStore, type Pane } from '@/lib/client/compare/compare-store';
import { answerPaneToolCalls, retryPane, showPaneVersion } from '@/lib/client/compare/run-compare';
import { holdReplyTop } from '@/lib/client/compare/reply-top';
import { MessageView } from '../chat/message-view';
import { ReplyActionsProvider } from '../chat/reply-actions';
import { FollowTail } from '../follow-tail';

/** What a pane's replies do when asked (regenerate, tool results, versions), as the chat's do for its thread. */
function usePaneActions(key: string) {
  return useMemo(
    () => ({
      regenerate: () => retryPane(key),
      answerToolCalls: (results: Parameters<typeof answerPaneToolCalls>[1]) => answerPaneToolCalls(key, results),
      showVersion: (versionId: string) => showPaneVersion(key, versionId),
      useBusy: () => useCompareStore((s) => s.panes.find((p) => p.key === key)?.streaming !== undefined),
    }),
    [key],
  );
}

/**
 * The pane's conversation, in a box of its own that follows the streaming reply's
 * tail as the chat's page does (.follow-list in globals.css, and FollowTail). It fills
 * what its pane leaves it (the pane is as tall as the screen between the page's sticky
 * bars: RaceApp's --pane-max), so a reply is read in a screenful, not a slot.
 * Opened on replies already there (a race reopened, a pane read full size), it shows
 * the top of the latest reply, where reading starts, not its end: only what comes after
 * (a follow-up) brings it to the end.
 * The box is painted opaque, in the page's own colour: Chromium scrolls a box with a
 * transparent background by painting it again where text is drawn with subpixel
 * antialiasing, and with an opaque one on the compositor, so following the tail costs
 * no paint. Contained (`contain: content`): what changes inside it is laid out and
 * painted inside it (docs/decisions.md: "A pane's box scrolls on the compositor").
 */
export function PaneMessages({ pane }: { pane: Pane }) {
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const actions = usePaneActions(pane.key);
  // The messages it opened on: those it shows from the latest reply's top, not scrolled to their end.
  const [opened] = useState(() => (pane.streaming ? 0 : pane.order.length));
  useEffect(() => {
    if (opened > 0) return holdReplyTop(box.current!, list.current!);
  }, [opened]);
  return (
    <ReplyActionsProvider value={actions}>
      <div
        ref={box}
        data-testid="pane-messages"
        className="min-h-0 flex-1 overflow-y-auto rounded-b-lg bg-white p-3 [contain:content] dark:bg-zinc-950"
      >
        <div ref={list} className="follow-list flex flex-col gap-4">
          {pane.order.map((id, i) => (
            <MessageView key={id} id={id} isLast={i === pane.order.length - 1} />
          ))}
          {pane.order.length === 0 ? (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">Waiting for the first message.</p>
          ) : null}
          <FollowTail
            list={list}
            scroller={box}
            streaming={pane.streaming !== undefined}
            messages={pane.order.length > opened ? pane.order.length : 0}
          />
          <div className="follow-end" />
        </div>
      </div>
    </ReplyActionsProvider>
  );
}
