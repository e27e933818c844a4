'use client';

import type { ForkedFrom } from '@/lib/api/conversations';
import { LocalTime } from '@/components/ui/local-time';

/**
 * The top of a chat forked from a shared link ("Fork into my conversations"): it is a
 * copy, of which share, made when. Kept with the conversation (its `forkedFrom`), so it
 * says so after a reload, and after a rename too (the share's title, not the copy's).
 */
export function ForkedNote({ from }: { from: ForkedFrom }) {
  return (
    <p
      role="note"
      aria-label="Forked from a shared conversation"
      className={[
        'mb-6 flex flex-wrap items-baseline gap-x-2 rounded-md border border-dashed border-zinc-300 px-3 py-2 text-xs',
        'text-zinc-600 dark:border-zinc-700 dark:text-zinc-400',
      ].join(' ')}
    >
      <span className="font-medium text-zinc-700 dark:text-zinc-300">Forked from a shared conversation</span>
      <span aria-hidden="true">·</span>
      <span className="min-w-0 break-words">“{from.title}”</span>
      <span aria-hidden="true">·</span>
      <span>
        shared <LocalTime at={from.sharedAt} />
      </span>
    </p>
  );
}
