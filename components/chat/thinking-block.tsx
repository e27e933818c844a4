'use client';

import { useState } from 'react';

/** Thinking, live; collapsed once the answer starts, open on demand. */
export function ThinkingBlock({
  text,
  redacted,
  live,
  seconds,
}: {
  text: string;
  redacted?: boolean;
  live: boolean;
  seconds?: number;
}) {
  const [userOpen, setUserOpen] = useState<boolean | undefined>(undefined);
  const open = userOpen ?? live;
  const label = redacted
    ? 'Redacted thinking'
    : live
      ? 'Thinking…'
      : seconds !== undefined
        ? `Thought for ${seconds.toFixed(1)} s`
        : 'Thought';
  return (
    <details
      open={open}
      onToggle={(e) => {
        const next = (e.currentTarget as HTMLDetailsElement).open;
        if (next !== open) setUserOpen(next);
      }}
      className="my-2 rounded-md border border-violet-200 bg-violet-50/60 px-3 py-2 text-sm dark:border-violet-900 dark:bg-violet-950/30"
    >
      <summary className="cursor-pointer select-none font-medium text-violet-800 dark:text-violet-300">{label}</summary>
      {redacted ? (
        <p className="mt-2 text-xs italic text-zinc-500">
          The provider returned this thinking encrypted; it is kept and sent back as is.
        </p>
      ) : (
        <div className="mt-2 whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{text}</div>
      )}
    </details>
  );
}
