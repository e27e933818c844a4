'use client';

import { useRouter } from 'next/navigation';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { raceSeries, useCompareStore, type Pane } from '@/lib/client/compare/compare-store';
import { useEventLog } from '@/lib/client/event-log/event-logs';
import {
  answerPaneToolCalls,
  choosePaneModel,
  continueWith,
  removePane,
  retryPane,
  showPaneVersion,
  stopPane,
} from '@/lib/client/compare/run-compare';
import type { PublicProvider } from '@/lib/api/providers';
import { MessageView } from '../chat/message-view';
import { ModelPicker } from '../chat/model-picker';
import { ReplyActionsProvider } from '../chat/reply-actions';
import { EventLogView } from '../event-log/event-log-view';
import { FollowTail } from '../follow-tail';
import { Button } from '@/components/ui/button';
import { frameLoop } from '@/lib/client/thread/page-frames';
import { Swatch } from './pane-color';

const button = 'rounded border border-zinc-300 px-2 py-0.5 text-xs disabled:opacity-40 dark:border-zinc-700';

/** "elapsed 1.2 s · 830 tok/s so far" for a pane streaming since `started`. */
function elapsedText(paneKey: string, started: number): string {
  const rate = raceSeries.get(paneKey)?.rate();
  return `elapsed ${((performance.now() - started) / 1000).toFixed(1)} s${rate !== undefined ? ` · ${rate.toFixed(0)} tok/s so far` : ''}`;
}

/**
 * Time since the pane's reply started and its rate so far, ticking while it streams.
 * The tick writes the text itself rather than render: four panes ticking ten times a
 * second were forty React renders a second, each its own task beside the frame loop's.
 * It ticks at the page's frame loop's beat, four times a second, as the chat's progress
 * line does: every pane's line changes in one frame, the frame that lays out their text
 * anyway (docs/decisions.md: "Streams fall in step, clocks on one beat").
 */
function Elapsed({ paneKey, streaming }: { paneKey: string; streaming: boolean }) {
  const [started] = useState(() => performance.now());
  const text = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!streaming) return;
    return frameLoop.onBeat(() => {
      const next = elapsedText(paneKey, started);
      if (text.current && text.current.textContent !== next) text.current.textContent = next;
    });
  }, [streaming, paneKey, started]);
  if (!streaming) return null;
  return (
    <span ref={text} className="font-mono text-xs text-zinc-600 dark:text-zinc-400">
      {elapsedText(paneKey, started)}
    </span>
  );
}

/**
 * The pane's conversation, in a box of its own that follows the streaming reply's
 * tail as the chat's page does (.follow-list in globals.css, and FollowTail).
 * The box is painted opaque, in the page's own colour: Chromium scrolls a box with a
 * transparent background by painting it again where text is drawn with subpixel
 * antialiasing, and with an opaque one on the compositor, so following the tail costs
 * no paint. Contained (`contain: content`): what changes inside it is laid out and
 * painted inside it (docs/decisions.md: "A pane's box scrolls on the compositor").
 */
function PaneMessages({ pane }: { pane: Pane }) {
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  return (
    <div
      ref={box}
      data-testid="pane-messages"
      className="max-h-[60vh] overflow-y-auto rounded-b-lg bg-white p-3 [contain:content] dark:bg-zinc-950"
    >
      <div ref={list} className="follow-list flex flex-col gap-4">
        {pane.order.map((id, i) => (
          <MessageView key={id} id={id} isLast={i === pane.order.length - 1} />
        ))}
        {pane.order.length === 0 ? (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">Waiting for the first message.</p>
        ) : null}
        <FollowTail list={list} scroller={box} streaming={pane.streaming !== undefined} messages={pane.order.length} />
        <div className="follow-end" />
      </div>
    </div>
  );
}

function PaneLog({ pane }: { pane: Pane }) {
  const last = pane.order.at(-1);
  const reply = useMessagePool((s) => (last ? s.messages[last] : undefined));
  const protocol = reply?.role === 'assistant' ? reply.protocol : undefined;
  const { log, loading } = useEventLog(
    reply?.role === 'assistant' ? last : undefined,
    reply?.stored ? pane.conversationId : undefined,
    protocol,
  );
  return (
    <section aria-label="Event log" className="flex h-80 flex-col border-t border-zinc-200 dark:border-zinc-800">
      <EventLogView log={log} replyId={last} empty={loading ? 'Loading events…' : 'No events yet.'} />
    </section>
  );
}

/**
 * One model in the race: its picker, its conversation, its figures, its own Stop, Retry
 * and log. Memoized: a change to one pane (its conversation id, its end) renders that
 * pane, not all of them with their model lists. `name` is its provider and model, as the
 * chart and the bars name it (paneNames); `index` its place, which gives its color.
 */
export const ComparePane = memo(function ComparePane({
  pane,
  index,
  name,
  providers,
  hidden,
}: {
  pane: Pane;
  index: number;
  name: string;
  providers: PublicProvider[];
  /** A blind race not yet voted on: the pane is its label, with no model to pick and nothing that would name it. */
  hidden: boolean;
}) {
  const router = useRouter();
  const count = useCompareStore((s) => s.panes.length);
  const started = useCompareStore((s) => s.compareId !== undefined);
  const [showLog, setShowLog] = useState(false);
  const actions = useMemo(
    () => ({
      regenerate: () => retryPane(pane.key),
      answerToolCalls: (results: Parameters<typeof answerPaneToolCalls>[1]) => answerPaneToolCalls(pane.key, results),
      showVersion: (versionId: string) => showPaneVersion(pane.key, versionId),
      useBusy: () => useCompareStore((s) => s.panes.find((p) => p.key === pane.key)?.streaming !== undefined),
    }),
    [pane.key],
  );
  const streaming = pane.streaming !== undefined;
  const hasReply = pane.order.length > 0;
  return (
    // Its place, then its model ("Pane 2: sim-anthropic · sim-thinking"): a screen reader's list of regions is in order.
    <section
      aria-label={`Pane ${index + 1}: ${name}`}
      className="flex min-w-0 flex-col rounded-lg border border-zinc-200 dark:border-zinc-800"
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-zinc-200 p-2 dark:border-zinc-800">
        <h2 className="flex min-w-0 basis-full items-center gap-1.5 text-sm font-semibold">
          <Swatch index={index} />
          <span className="truncate" title={providers.find((p) => p.id === pane.provider)?.name}>
            {name}
          </span>
        </h2>
        {hidden ? null : (
          <ModelPicker
            providers={providers}
            value={pane.provider && pane.model ? { provider: pane.provider, model: pane.model } : undefined}
            onChange={(p, m) => choosePaneModel(pane.key, p, m)}
            disabled={streaming || started}
          />
        )}
        <Elapsed key={pane.streaming} paneKey={pane.key} streaming={streaming} />
        <span className="ml-auto flex gap-1">
          {streaming ? (
            <Button onClick={() => stopPane(pane.key)} className={button}>
              Stop
            </Button>
          ) : (
            <Button disabled={!hasReply} onClick={() => retryPane(pane.key)} className={button}>
              Retry
            </Button>
          )}
          <Button aria-expanded={showLog} onClick={() => setShowLog((s) => !s)} className={button}>
            Event log
          </Button>
          {!started ? (
            <Button
              aria-label={`Remove pane ${index + 1}: ${name}`}
              disabled={count <= 2}
              onClick={() => removePane(pane.key)}
              className={button}
            >
              Remove
            </Button>
          ) : null}
        </span>
      </header>
      <ReplyActionsProvider value={actions}>
        <PaneMessages pane={pane} />
      </ReplyActionsProvider>
      {pane.conversationId && !streaming && !hidden ? (
        <div className="border-t border-zinc-200 p-2 dark:border-zinc-800">
          <Button onClick={() => void continueWith(pane).then((id) => router.push(`/c/${id}`))} className={button}>
            Continue with this one
          </Button>
        </div>
      ) : null}
      {showLog ? <PaneLog pane={pane} /> : null}
    </section>
  );
});
