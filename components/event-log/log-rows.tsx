'use client';

import type { ReactNode } from 'react';
import type { EventLog } from '@/lib/event-log/event-log';
import { EventRow } from './event-row';
import type { EventLogViewState } from './use-event-log-view';

/**
 * The log's rows, virtualized: only those in view (and a few either side) are drawn, each
 * where the virtualizer measured it; `children` after them (notes on how the log ended).
 */
export function LogRows({
  log,
  view: { rows, virtual, scroller, onScroll, expanded, toggle, focused },
  empty,
  onShowPart,
  children,
}: {
  log: EventLog | undefined;
  view: Pick<EventLogViewState, 'rows' | 'virtual' | 'scroller' | 'onScroll' | 'expanded' | 'toggle' | 'focused'>;
  /** Shown when there is no log at all. */
  empty: string;
  onShowPart?: (part: number) => void;
  children?: ReactNode;
}) {
  return (
    <div ref={scroller} onScroll={onScroll} className="@container min-h-0 flex-1 overflow-auto" data-testid="event-log-rows">
      {!log ? <p className="p-3 text-xs text-zinc-600 dark:text-zinc-400">{empty}</p> : null}
      <div style={{ height: virtual.totalSize, position: 'relative' }}>
        {virtual.items.map((item) => {
          const entry = log!.entries[rows[item.index]!]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              data-focused={focused?.includes(entry.seq) || undefined}
              className={focused?.includes(entry.seq) ? 'outline-2 -outline-offset-2 outline-amber-500' : undefined}
              ref={virtual.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              <EventRow
                entry={entry}
                timed={log!.timed}
                expanded={expanded.has(entry.seq)}
                onToggle={toggle}
                onShowPart={onShowPart}
              />
            </div>
          );
        })}
      </div>
      {children}
    </div>
  );
}
