'use client';

import { memo } from 'react';
import type { ReplyWarning } from '@/lib/assemble/message';
import { focusLogRows } from '@/lib/client/event-log/log-panel';
import { Button } from '@/components/ui/button';

/** The button's name says which events it shows: a reply can carry one warning of each kind. */
const SHOW: Record<ReplyWarning['kind'], [one: string, many: string]> = {
  malformed: ['Show the event that did not parse', 'Show the events that did not parse'],
  unknown: ['Show the event of an unknown type', 'Show the events of unknown types'],
};

/**
 * What the reader met in a reply's stream that it could not read (docs/contract.md:
 * `warnings`): the reply may lack what those events carried, so it says so under the
 * reply, live and as stored, each with a button to those rows of the event log.
 */
export const ReplyWarnings = memo(function ReplyWarnings({ replyId, warnings }: { replyId: string; warnings?: ReplyWarning[] }) {
  if (!warnings?.length) return null;
  return (
    <div
      role="note"
      aria-label="Stream warnings"
      className={[
        'my-2 flex flex-col gap-1 rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900',
        'dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200',
      ].join(' ')}
    >
      {warnings.map((warning) => (
        <p key={warning.kind} className="flex flex-wrap items-center gap-2">
          <span>{warning.message}</span>
          {warning.items.length > 0 ? (
            <Button
              onClick={() => focusLogRows(replyId, warning.items)}
              className="rounded border border-amber-500 px-1.5 py-0.5"
            >
              {SHOW[warning.kind][warning.count === 1 ? 0 : 1]}
            </Button>
          ) : null}
        </p>
      ))}
    </div>
  );
});
