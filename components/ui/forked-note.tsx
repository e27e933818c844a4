'use client';

import type { ForkedFrom } from '@/lib/api/conversations';
import { LocalTime } from '@/components/ui/local-time';

/**
 * The top of a chat or race forked from a shared link ("Fork into my conversations"): it
 * is a copy, of which share, made when. Kept with the conversation (its `forkedFrom`), so
 * it says so after a reload, and after a rename too (the share's title, not the copy's).
 */
export function ForkedNote({ from, what = 'conversation' }: { from: ForkedFrom; what?: 'conversation' | 'race' }) {
  const said = `Forked from a shared ${what}`;
  return (
    <div
      role="note"
      aria-label={said}
      className={[
        'mb-6 rounded-md border border-dashed border-zinc-300 px-3 py-2 text-xs',
        'text-zinc-600 dark:border-zinc-700 dark:text-zinc-400',
      ].join(' ')}
    >
      <p>
        <span className="font-medium text-zinc-700 dark:text-zinc-300">{said}</span>{' '}
        {/* One piece: on a phone it wraps whole, never leaving a dot at a line's end. */}
        <span className="whitespace-nowrap">
          · shared <LocalTime at={from.sharedAt} />
        </span>
      </p>
      <p className="truncate" title={from.title}>
        “{from.title}”
      </p>
    </div>
  );
}
