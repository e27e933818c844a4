'use client';

import { useRouter } from 'next/navigation';
import { memo, useEffect, useRef, useState } from 'react';
import { raceSeries, useCompareStore, type Pane } from '@/lib/client/compare/compare-store';
import { choosePaneModel, continueWith, removePane, retryPane, stopPane } from '@/lib/client/compare/run-compare';
import type { PublicProvider } from '@/lib/api/providers';
import { ModelPicker } from '../chat/model-picker';
import { Button } from '@/components/ui/button';
import { frameLoop } from '@/lib/client/thread/page-frames';
import { Swatch } from './pane-color';
import { PaneLog } from './pane-log';
import { PaneMessages } from './pane-messages';

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
 * One model in the race: its picker, its conversation, its figures, its own Stop, Regenerate
 * (the chat's word and name for it) and log, and "Full size" (the page reads it in a dialog of its own: `onRead`, and
 * `reading` while it does, when its conversation is shown there and not here).
 * Memoized: a change to one pane (its conversation id, its end) renders that pane, not
 * all of them with their model lists. `name` is its provider and model, as the chart
 * and the bars name it (paneNames); `index` its place, which gives its color. As tall
 * as the screen between the page's sticky bars at most (--pane-max), its log below.
 */
export const ComparePane = memo(function ComparePane({
  pane,
  index,
  name,
  providers,
  hidden,
  reading,
  onRead,
}: {
  pane: Pane;
  index: number;
  name: string;
  providers: PublicProvider[];
  /** A blind race not yet voted on: the pane is its label, with no model to pick and nothing that would name it. */
  hidden: boolean;
  reading: boolean;
  onRead: (index: number) => void;
}) {
  const router = useRouter();
  const count = useCompareStore((s) => s.panes.length);
  const started = useCompareStore((s) => s.compareId !== undefined);
  const [showLog, setShowLog] = useState(false);
  const streaming = pane.streaming !== undefined;
  const hasReply = pane.order.length > 0;
  return (
    // Its place, then its model ("Pane 2: sim-anthropic · sim-thinking"): a screen reader's list of regions is in order.
    <section
      aria-label={`Pane ${index + 1}: ${name}`}
      className="flex min-w-0 flex-col rounded-lg border border-zinc-200 dark:border-zinc-800"
    >
      <div className="flex min-h-0 flex-1 flex-col" style={{ maxHeight: 'var(--pane-max, 60vh)' }}>
        <header className="flex flex-wrap items-center gap-2 border-b border-zinc-200 p-2 dark:border-zinc-800">
          <h2 className="flex min-w-0 basis-full items-center gap-1.5 text-sm font-semibold">
            <Swatch index={index} />
            {/* Cut short in a narrow pane: the whole name, and its provider's, on hover (none in a blind race). */}
            <span
              className="truncate"
              title={hidden ? undefined : fullName(name, providers.find((p) => p.id === pane.provider)?.name)}
            >
              {name}
            </span>
          </h2>
          {/* Chosen before the first send, and fixed after it: then the heading says it, in a row less. */}
          {hidden || started ? null : (
            <ModelPicker
              providers={providers}
              value={pane.provider && pane.model ? { provider: pane.provider, model: pane.model } : undefined}
              onChange={(p, m) => choosePaneModel(pane.key, p, m)}
              disabled={streaming}
            />
          )}
          <Elapsed key={pane.streaming} paneKey={pane.key} streaming={streaming} />
          <span className="ml-auto flex gap-1">
            {streaming ? (
              <Button onClick={() => stopPane(pane.key)} className={button}>
                Stop
              </Button>
            ) : (
              <Button aria-label="Regenerate reply" disabled={!hasReply} onClick={() => retryPane(pane.key)} className={button}>
                Regenerate
              </Button>
            )}
            <Button aria-expanded={showLog} onClick={() => setShowLog((s) => !s)} className={button}>
              Event log
            </Button>
            <Button aria-haspopup="dialog" disabled={!hasReply} onClick={() => onRead(index)} className={button}>
              Full size
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
        {reading ? (
          <p className="flex-1 p-3 text-xs text-zinc-600 dark:text-zinc-400">Open full size.</p>
        ) : (
          <PaneMessages pane={pane} />
        )}
        {pane.conversationId && !streaming && !hidden ? (
          <div className="border-t border-zinc-200 p-2 dark:border-zinc-800">
            <Button onClick={() => void continueWith(pane).then((id) => router.push(`/c/${id}`))} className={button}>
              Continue with this one
            </Button>
          </div>
        ) : null}
      </div>
      {showLog ? <PaneLog pane={pane} name={`Pane ${index + 1}: ${name}`} onClose={() => setShowLog(false)} /> : null}
    </section>
  );
});

function fullName(name: string, provider: string | undefined): string {
  return provider ? `${name} (${provider})` : name;
}
