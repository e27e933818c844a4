'use client';

import { memo } from 'react';
import type { LogEntry } from '@/lib/event-log/entry';
import { Button } from '@/components/ui/button';
import { ms } from '../../lib/figures/log-time';

/**
 * The summary line's columns: number, time, gap, name, data. The data gets the room:
 * the numbers are narrow, the name as wide as it is (up to a limit), and where the log
 * is narrow (a phone, a compare pane) the data takes a line of its own under them. A
 * log without timing leaves the time columns out.
 */
const columns = {
  timed: 'grid-cols-[3rem_3rem_3.25rem_minmax(0,1fr)] @md:grid-cols-[3rem_3rem_3.25rem_minmax(0,max-content)_minmax(0,1fr)]',
  untimed: 'grid-cols-[3rem_minmax(0,1fr)] @md:grid-cols-[3rem_minmax(0,max-content)_minmax(0,1fr)]',
};

function pretty(data: string): string {
  try {
    return JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    return data;
  }
}

function tone(e: LogEntry): string {
  if (e.error || e.malformed) return 'bg-red-50 text-red-900 dark:bg-red-950/50 dark:text-red-200';
  if (e.terminal) return 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200';
  if (e.bff) return 'bg-violet-50 text-violet-900 italic dark:bg-violet-950/40 dark:text-violet-200';
  if (e.ping) return 'text-zinc-600 italic dark:text-zinc-400';
  return '';
}

/** One SSE item: a summary line that expands to the data, pretty-printed. */
export const EventRow = memo(function EventRow({
  entry,
  timed,
  expanded,
  onToggle,
  onShowPart,
}: {
  entry: LogEntry;
  /** The log has real times (not an untimed capture's zeros). */
  timed: boolean;
  expanded: boolean;
  onToggle: (seq: number) => void;
  onShowPart?: (part: number) => void;
}) {
  const flags = [entry.bff && 'BFF', entry.terminal && 'terminal', entry.error && 'error', entry.malformed && 'malformed']
    .filter(Boolean)
    .join(', ');
  return (
    <div
      data-log-row={entry.seq}
      className={`border-b border-zinc-100 font-mono text-[11px] dark:border-zinc-800 ${tone(entry)}`}
    >
      <Button
        aria-expanded={expanded}
        onClick={() => onToggle(entry.seq)}
        className={`grid w-full gap-x-1 px-2 py-1 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800/60 ${columns[timed ? 'timed' : 'untimed']}`}
      >
        <span className="text-zinc-600 dark:text-zinc-400">#{entry.seq}</span>
        <span title="since the request started" className={timed ? 'text-right' : 'hidden'}>
          {ms(entry.at)}
        </span>
        <span title="since the previous event" className={timed ? 'text-right text-zinc-600 dark:text-zinc-400' : 'hidden'}>
          +{ms(entry.gap)}
        </span>
        <span className="truncate font-semibold @md:max-w-36">
          {entry.bff ? (
            <span className="mr-1 rounded bg-violet-200 px-1 text-violet-900 not-italic dark:bg-violet-800 dark:text-violet-100">
              BFF
            </span>
          ) : null}
          {entry.name}
          {entry.id !== undefined ? <span className="font-normal text-zinc-600 dark:text-zinc-400"> id {entry.id}</span> : null}
        </span>
        <span className="col-span-full truncate @md:col-span-1">
          {flags ? <span className="sr-only">{flags}: </span> : null}
          {/* A line Sluice added says what it means; its exact text is under it, expanded. */}
          {entry.note ?? entry.data}
        </span>
      </Button>
      {expanded ? (
        <div className="px-2 pb-2">
          <p className="text-zinc-600 dark:text-zinc-400">
            {entry.kind}
            {entry.id !== undefined ? ` · id ${entry.id}` : ''} · {entry.size} bytes{flags ? ` · ${flags}` : ''}
          </p>
          {entry.note ? <p className="mt-1 not-italic">{entry.note}</p> : null}
          <pre className="mt-1 max-h-72 overflow-auto whitespace-pre-wrap break-all rounded bg-zinc-100 p-2 dark:bg-zinc-900">
            {pretty(entry.data)}
          </pre>
          {onShowPart && entry.parts.length > 0 ? (
            <Button
              onClick={() => onShowPart(entry.parts[0]!)}
              className="mt-1 rounded border border-zinc-300 px-2 py-0.5 not-italic dark:border-zinc-700"
            >
              Show in reply (part {entry.parts.map((p) => p + 1).join(', ')})
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
});
