'use client';

import { SearchBox } from '../search-box';
import type { EventLogViewState } from './use-event-log-view';
import { Button } from '@/components/ui/button';

/** The log's filters (event name, text, comments and pings), Follow tail and Jump to first error. */
export function LogControls({
  names,
  view: { filter, follow, toggleFollow, firstError, jumpToError },
}: {
  /** The event names the log has seen, for the name filter. */
  names: string[];
  view: Pick<EventLogViewState, 'filter' | 'follow' | 'toggleFollow' | 'firstError' | 'jumpToError'>;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <label className="flex items-center gap-1">
        <span className="sr-only">Event name</span>
        {/* A fixed width: sized by its longest option, it grew as new names came and moved the controls after it. */}
        <select
          aria-label="Event name"
          value={filter.name}
          onChange={(e) => filter.setName(e.target.value)}
          className="w-44 truncate rounded border border-zinc-300 bg-white px-1 py-1 dark:border-zinc-700 dark:bg-zinc-900"
        >
          <option value="">All events</option>
          {names.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <SearchBox
        label="Search events"
        placeholder="Search raw text"
        value={filter.search}
        onChange={filter.setSearch}
        className="w-36 text-xs"
      />
      <label className="flex items-center gap-1">
        <input type="checkbox" checked={filter.showPings} onChange={(e) => filter.setShowPings(e.target.checked)} />
        Comments and pings
      </label>
      {/* Pressed shows as pressed (filled, a dot lit), not only to a screen reader. */}
      <Button
        aria-pressed={follow}
        onClick={toggleFollow}
        className={[
          'flex items-center gap-1.5 rounded border border-zinc-300 px-2 py-1 aria-pressed:border-sky-700',
          'aria-pressed:bg-sky-700 aria-pressed:text-white dark:border-zinc-700',
          'dark:aria-pressed:border-sky-500 dark:aria-pressed:bg-sky-700',
        ].join(' ')}
      >
        <span aria-hidden className={`size-1.5 rounded-full ${follow ? 'bg-white' : 'border border-current'}`} />
        Follow tail
      </Button>
      {/* Only where there is one: a control disabled on every healthy log read as broken. */}
      {firstError >= 0 ? (
        <Button onClick={jumpToError} className="rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700">
          Jump to first error
        </Button>
      ) : null}
    </div>
  );
}
