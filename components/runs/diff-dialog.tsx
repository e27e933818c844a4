'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef } from 'react';
import { runDiffHref } from '@/lib/client/runs/run-links';
import { Button } from '@/components/ui/button';
import { RunChooser } from './run-chooser';

/**
 * "Diff with another run…": a modal dialog to pick the other run (B; this one is A), then
 * the diff page. Escape or Cancel closes it, and focus goes back to the button that opened it.
 */
export function DiffDialog({ runId, onClose }: { runId: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const router = useRouter();
  useEffect(() => dialog.current?.showModal(), []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg bg-white p-4 text-zinc-900 backdrop:bg-black/40 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 id={titleId} className="mb-3 text-sm font-semibold">
        Diff with another run
      </h2>
      <RunChooser except={runId} onPick={(other) => router.push(runDiffHref(runId, other))}>
        <Button onClick={() => dialog.current?.close()} className="rounded px-3 py-1 text-sm">
          Cancel
        </Button>
      </RunChooser>
    </dialog>
  );
}
