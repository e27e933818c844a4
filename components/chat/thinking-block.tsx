'use client';

import { useState } from 'react';
import type { ParsedBlock } from '@/lib/markdown/tree-messages';
import { Markdown } from './markdown';
import { thoughtLabel } from './thinking-label';

/**
 * Thinking, live; collapsed once the answer starts, open on demand. Its text is
 * markdown as the answer's is (models think in headings, lists and code), rendered by
 * the same pipeline: parsed in the worker while it streams, under the reply's id and
 * its own part. Collapsed, it renders nothing: a reply opened from history parses its
 * thinking only when someone opens it.
 */
export function ThinkingBlock({
  text,
  redacted,
  live,
  seconds,
  streaming,
  replyId,
  part,
  trees,
}: {
  text: string;
  redacted?: boolean;
  /** The reply is still thinking: shown open. */
  live: boolean;
  seconds?: number;
  /** This part's text still grows. */
  streaming: boolean;
  replyId: string;
  part: number;
  trees?: readonly (ParsedBlock | undefined)[];
}) {
  const [userOpen, setUserOpen] = useState<boolean | undefined>(undefined);
  const open = userOpen ?? live;
  const label = redacted ? 'Redacted thinking' : live ? 'Thinking…' : thoughtLabel(seconds);
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
        <p className="mt-2 text-xs italic text-zinc-600 dark:text-zinc-400">
          The provider returned this thinking encrypted; it is kept and sent back as is.
        </p>
      ) : open ? (
        <div className="md-thinking mt-1 text-zinc-600 dark:text-zinc-400">
          <Markdown text={text} streaming={streaming} replyId={replyId} part={part} trees={trees} />
        </div>
      ) : null}
    </details>
  );
}
