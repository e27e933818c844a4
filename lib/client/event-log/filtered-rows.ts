import { matches, type EventLog } from '@/lib/event-log/event-log';

/** What a log view lets through: one event name (or all, ''), a text in the raw item, comments and pings. */
export interface RowFilter {
  name: string;
  text: string;
  showPings: boolean;
}

/**
 * A log view's rows: the indexes of the entries its filter lets through, as the log stood
 * at `version`. Incremental while the log only grows: new entries are tested, old ones
 * kept; another log or another filter starts over. The same log, version and filter give
 * the same array back. One per view: each keeps the rows of its own filter.
 */
export function createRowFilter(): (log: EventLog | undefined, version: number, filter: RowFilter) => number[] {
  let cache: { key: string; log?: EventLog; version: number; seen: number; rows: number[]; shown: number[] } = {
    key: '',
    version: -1,
    seen: 0,
    rows: [],
    shown: [],
  };
  return (log, version, { name, text, showPings }) => {
    const key = `${name}\u0000${text}\u0000${showPings}`;
    if (cache.key !== key || cache.log !== log) cache = { key, log, version: -1, seen: 0, rows: [], shown: [] };
    if (cache.version === version) return cache.shown;
    const entries = log?.entries ?? [];
    for (let i = cache.seen; i < entries.length; i++)
      if (matches(entries[i]!, { name: name || undefined, text: text || undefined, showPings })) cache.rows.push(i);
    cache.seen = entries.length;
    cache.version = version;
    cache.shown = cache.rows.slice();
    return cache.shown;
  };
}
