'use client';

import { useEffect, type ReactNode, type RefObject } from 'react';

/**
 * The event log on a phone: a modal sheet over the whole screen (the page behind is
 * inert, Escape closes it, focus returns to what opened it), since beside the chat
 * there is no room for a row's name and data. Close it with `ref.current.close()`.
 */
export function LogSheet({
  children,
  onClosed,
  ref,
}: {
  children: ReactNode;
  onClosed: () => void;
  ref: RefObject<HTMLDialogElement | null>;
}) {
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, [ref]);
  return (
    <dialog
      ref={ref}
      aria-label="Event log"
      onClose={onClosed}
      className={[
        'fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none border-0 bg-white p-0 text-zinc-900',
        'backdrop:bg-black/40 dark:bg-zinc-950 dark:text-zinc-100',
      ].join(' ')}
    >
      {children}
    </dialog>
  );
}
