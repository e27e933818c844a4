'use client';

import { useEffect, useId, useRef } from 'react';
import { useCompareStore } from '@/lib/client/compare/compare-store';
import { Button } from '@/components/ui/button';
import { Swatch } from './pane-color';
import { PaneMessages } from './pane-messages';

const button = 'rounded border border-zinc-300 px-2 py-1 text-xs disabled:opacity-40 dark:border-zinc-700';

/**
 * One pane read full size: its conversation in a modal dialog over the page (Escape or
 * Close, and focus goes back to the pane's "Full size"), from the latest reply's top,
 * with the previous and next panes a press away: a blind vote reads every reply whole.
 * `index` the pane read, `name` as the pane is headed; `onMove` reads another.
 */
export function PaneReader({
  index,
  name,
  onMove,
  onClose,
}: {
  index: number;
  name: string;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const pane = useCompareStore((s) => s.panes[index]);
  const count = useCompareStore((s) => s.panes.length);
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useId();
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  if (!pane) return null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={title}
      onClose={onClose}
      className={[
        'm-auto max-h-[calc(100dvh-2rem)] w-[min(56rem,calc(100vw-2rem))] max-w-none flex-col rounded-lg border p-0 open:flex',
        'border-zinc-200 bg-white text-zinc-900 backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100',
      ].join(' ')}
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-zinc-200 p-2 dark:border-zinc-800">
        <h2 id={title} className="flex min-w-0 items-center gap-1.5 text-sm font-semibold">
          <Swatch index={index} />
          <span className="[overflow-wrap:anywhere]">{`Pane ${index + 1}: ${name}`}</span>
        </h2>
        <span className="ml-auto flex gap-1">
          <Button onClick={() => onMove((index + count - 1) % count)} className={button}>
            Previous pane
          </Button>
          <Button onClick={() => onMove((index + 1) % count)} className={button}>
            Next pane
          </Button>
          <Button onClick={() => dialog.current?.close()} className={button}>
            Close
          </Button>
        </span>
      </header>
      <PaneMessages key={pane.key} pane={pane} />
    </dialog>
  );
}
