'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';

/**
 * Asks before something that cannot be undone: a modal dialog, so the question cannot be
 * missed or answered by a stray click; Cancel has the focus, Escape cancels.
 */
export function ConfirmDialog({
  title,
  children,
  confirm,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  /** The confirming button's label ("Delete"). */
  confirm: string;
  onConfirm: () => void;
  /** Called once the dialog is closed, confirmed or not. */
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => dialog.current?.showModal(), []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto rounded-lg bg-white p-4 text-zinc-900 backdrop:bg-black/40 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 id={titleId} className="text-sm font-semibold">
        {title}
      </h2>
      <p className="mt-2 max-w-xs text-sm text-zinc-600 dark:text-zinc-400">{children}</p>
      <div className="mt-4 flex justify-end gap-2">
        <Button autoFocus onClick={() => dialog.current?.close()} className="rounded px-3 py-1 text-sm">
          Cancel
        </Button>
        <Button
          onClick={() => {
            onConfirm();
            dialog.current?.close();
          }}
          className="rounded bg-red-600 px-3 py-1 text-sm text-white"
        >
          {confirm}
        </Button>
      </div>
    </dialog>
  );
}
