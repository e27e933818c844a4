'use client';

import type { ReactNode } from 'react';
import type { EventLog } from '@/lib/event-log/event-log';
import { ExchangeDetails } from './exchange-details';
import { LogControls } from './log-controls';
import { LogExports } from './log-exports';
import { LogRows } from './log-rows';
import { useEventLogView } from './use-event-log-view';
import { Button } from '@/components/ui/button';

const amberNote = 'rounded bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-950/40 dark:text-amber-200';

/** Every SSE event of one log as it came over the wire: filterable, searchable, virtualized, following the tail. */
export function EventLogView({
  log,
  replyId,
  empty,
  onShowPart,
  about,
  onClose,
  exportName,
}: {
  log: EventLog | undefined;
  replyId?: string;
  empty: string;
  /** The exports' file name without its extension (a capture's, to match its HAR); by default the protocol and the time. */
  exportName?: string;
  onShowPart?: (part: number) => void;
  /** Under the heading: which reply this is the log of. */
  about?: ReactNode;
  /** Given: a "Close event log" button beside the heading. */
  onClose?: () => void;
}) {
  const view = useEventLogView(log, replyId);
  return (
    <>
      <header className="flex flex-col gap-2 border-b border-zinc-200 p-3 dark:border-zinc-800">
        <LogHeading log={log} about={about} onClose={onClose} />
        <LogControls names={log?.names() ?? []} view={view} />
        {log ? (
          <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="event-log-count">
            {view.rows.length} of {log.entries.length} shown
          </p>
        ) : null}
        {log && !log.timed ? (
          <p role="note" className={amberNote}>
            No timing: this capture holds the bytes but not when they came, so no times are shown. An export as .jsonl keeps them.
          </p>
        ) : null}
        {log ? <LogExports log={log} replyId={replyId} name={exportName} /> : null}
        {log?.exchange ? <ExchangeDetails exchange={log.exchange} /> : null}
      </header>
      <LogRows log={log} view={view} empty={empty} onShowPart={onShowPart}>
        {log?.ended && !log.sawTerminal ? (
          <p role="status" className={`m-2 ${amberNote}`}>
            The stream ended without its terminal event.
          </p>
        ) : null}
        {log?.truncated ? (
          <p className="m-2 text-xs text-zinc-600 dark:text-zinc-400">
            The stored log was cut at the server’s size limit (SLUICE_EVENT_LOG_MAX_BYTES).
          </p>
        ) : null}
      </LogRows>
    </>
  );
}

/** The log's heading (how many items, from where), what it is the log of, and its Close button if it has one. */
function LogHeading({ log, about, onClose }: { log: EventLog | undefined; about?: ReactNode; onClose?: () => void }) {
  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">
          Event log{' '}
          <span className="font-normal text-zinc-600 dark:text-zinc-400">
            {log ? `· ${log.entries.length} items${log.source ? ` · ${log.source}` : ''}` : ''}
          </span>
        </h2>
        {about}
      </div>
      {onClose ? (
        <Button
          aria-label="Close event log"
          onClick={onClose}
          className="-mt-0.5 rounded-md border border-zinc-300 px-2 py-0.5 text-sm leading-5 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          <span aria-hidden="true">✕</span> <span className="text-xs">Close</span>
        </Button>
      ) : null}
    </div>
  );
}
