'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useChatStore } from '@/lib/client/chat/chat-store';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { useEventLog, useLogVersion } from '@/lib/client/event-log/event-logs';
import { closeLogPanel, highlightPart, useLogPanel } from '@/lib/client/event-log/log-panel';
import { useMediaQuery } from '@/lib/client/use-media-query';
import type { PublicProvider } from '@/lib/api/providers';
import { useDebounced } from '@/lib/client/use-debounced';
import { matches, type EventLog } from '@/lib/event-log/event-log';
import { SearchBox } from '../search-box';
import { EventRow } from './event-row';
import { ExchangeDetails } from './exchange-details';
import { ImportStream } from './import-stream';
import { LogExports } from './log-exports';
import { LogSheet } from './log-sheet';
import { describeReply, shownReply } from './shown-reply';
import { Button } from '@/components/ui/button';

/** The reply the panel shows: the one picked, else the newest (`latest`). */
function useShownReply() {
  const picked = useLogPanel((s) => s.replyId);
  const order = useChatStore((s) => s.order);
  const conversationId = useChatStore((s) => s.conversationId);
  return useMessagePool(
    useShallow(({ messages }) => {
      const newest = order.findLast((k) => messages[k]?.role === 'assistant');
      const id = picked && messages[picked] ? picked : newest;
      const m = id ? messages[id] : undefined;
      if (m?.role !== 'assistant') return undefined;
      return { ...shownReply(m), protocol: m.protocol, stored: m.stored, conversationId, latest: id === newest };
    }),
  );
}

/** Below this width the log opens as a sheet over the page (Tailwind's `md`, where the panel sits beside the chat). */
const PHONE = '(width < 48rem)';

/**
 * The event log beside the chat (on a phone, over it): the events of the reply picked
 * (else the newest), which reply that is, and imports.
 */
export function EventLogPanel({ providers }: { providers: PublicProvider[] }) {
  const shown = useShownReply();
  const { log, loading } = useEventLog(shown?.id, shown?.stored ? shown.conversationId : undefined, shown?.protocol);
  const showPart = useCallback((part: number) => shown && highlightPart(shown.id, part), [shown]);
  const phone = useMediaQuery(PHONE);
  const sheet = useRef<HTMLDialogElement>(null);
  const aboutId = useId();
  const empty = loading
    ? 'Loading events…'
    : shown
      ? 'No events recorded for this reply.'
      : 'Send a message, or import a stream: its events show here.';
  // The sheet closes as a dialog does (focus goes back to what opened it); the panel hands focus back itself.
  const close = () => {
    if (phone) return sheet.current?.close();
    closeLogPanel();
    document.getElementById(LOG_TOGGLE_ID)?.focus();
  };
  const about = shown ? (
    <p id={aboutId} className="text-xs text-zinc-600 dark:text-zinc-400">
      {describeReply(shown, providers, shown.latest)}
    </p>
  ) : null;
  const panel = (
    <section
      aria-label="Event log"
      aria-describedby={shown ? aboutId : undefined}
      id="event-log"
      className={[
        'flex flex-col bg-white text-sm dark:bg-zinc-950',
        phone
          ? 'h-full w-full'
          : 'sticky top-0 h-screen w-[30rem] shrink-0 border-l border-zinc-200 2xl:w-[36rem] dark:border-zinc-800',
      ].join(' ')}
    >
      <ImportStream>
        <EventLogView log={log} replyId={shown?.id} empty={empty} onShowPart={showPart} about={about} onClose={close} />
      </ImportStream>
    </section>
  );
  return phone ? (
    <LogSheet ref={sheet} onClosed={closeLogPanel}>
      {panel}
    </LogSheet>
  ) : (
    panel
  );
}

/** The id of the chat header's "Event log" button, where focus goes when the panel closes. */
export const LOG_TOGGLE_ID = 'event-log-toggle';

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
  const version = useLogVersion(log);
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const text = useDebounced(search, 150);
  const [showPings, setShowPings] = useState(true);
  // Following the tail while the stream is live; a finished reply's log is read from its start.
  const [follow, setFollow] = useState(() => !log?.ended);
  // Another reply's log starts over; the same reply's log read again (the live one, then the
  // stored one) keeps the reader's choice: on a busy machine that swap came after a click on
  // Follow tail, and undid it.
  const shownLog = replyId ?? log;
  const [followed, setFollowed] = useState(shownLog);
  if (followed !== shownLog) {
    setFollowed(shownLog);
    setFollow(!log?.ended);
  }
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const scroller = useRef<HTMLDivElement>(null);
  /** Where the rows were last scrolled to: only a scroll up is the reader's leaving the tail. */
  const lastTop = useRef(0);

  // Filtering is incremental while the log only grows: new rows are tested, old ones kept.
  const filtered = useRef<{ key: string; log: unknown; seen: number; rows: number[] }>({
    key: '',
    log: undefined,
    seen: 0,
    rows: [],
  });
  const rows = useMemo(() => {
    const key = `${name}\u0000${text}\u0000${showPings}`;
    const cache = filtered.current;
    if (cache.key !== key || cache.log !== log) filtered.current = { key, log, seen: 0, rows: [] };
    const f = filtered.current;
    const entries = log?.entries ?? [];
    for (let i = f.seen; i < entries.length; i++)
      if (matches(entries[i]!, { name: name || undefined, text: text || undefined, showPings })) f.rows.push(i);
    f.seen = entries.length;
    return f.rows.slice();
    // `version` is what changes when the log grows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [log, version, name, text, showPings]);

  // The virtualizer keeps its own state; the compiler's memoization is not needed here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 24,
    overscan: 12,
    getItemKey: (index) => rows[index]!,
  });

  useEffect(() => {
    if (follow && rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [follow, rows.length, virtualizer]);
  // The rows' box resized (on a phone, the sheet opening: its rows were laid out while it
  // was still closed, with no height to scroll in): back to the tail, when following.
  const following = useRef(follow);
  following.current = follow;
  const lastRow = useRef(rows.length);
  lastRow.current = rows.length;
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const resized = new ResizeObserver(() => {
      if (following.current && lastRow.current > 0) virtualizer.scrollToIndex(lastRow.current - 1, { align: 'end' });
    });
    resized.observe(box);
    return () => resized.disconnect();
  }, [virtualizer]);
  // Another reply's log, over: from its first row, not where the last one was left.
  useEffect(() => {
    if (log?.ended && scroller.current) scroller.current.scrollTop = 0;
  }, [log]);

  // Only a scroll up leaves the tail. Any scroll away from the bottom did, and on a phone,
  // where rows wrap taller than estimated, the virtualizer's own scroll as it measured
  // them left the bottom by more than the slack: the sheet stopped following as it opened.
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    if (el.scrollTop < lastTop.current - 1 && el.scrollTop + el.clientHeight < el.scrollHeight - 40) setFollow(false);
    lastTop.current = el.scrollTop;
  };
  const toggle = useCallback(
    (seq: number) => setExpanded((s) => (s.has(seq) ? new Set([...s].filter((x) => x !== seq)) : new Set([...s, seq]))),
    [],
  );
  const firstError = log?.entries.findIndex((e) => e.error || e.malformed) ?? -1;
  /** Scrolls to entry `entry`, expanded, clearing the filters if they hide it. */
  const jumpTo = (entry: number) => {
    setFollow(false);
    let index = rows.indexOf(entry);
    if (index < 0) {
      setName('');
      setSearch('');
      setShowPings(true);
      index = entry;
    }
    setExpanded((s) => new Set([...s, log!.entries[entry]!.seq]));
    requestAnimationFrame(() => virtualizer.scrollToIndex(index, { align: 'center' }));
  };
  const jumpToError = () => jumpTo(firstError);
  // Rows picked from a reply's warning: once its log is here (a stored one is fetched first).
  const focus = useLogPanel((s) => (replyId !== undefined && s.focus?.replyId === replyId ? s.focus : undefined));
  const focusAt = focus && log ? log.entries.findIndex((e) => e.seq === focus.seqs[0]) : -1;
  useEffect(() => {
    if (focusAt >= 0) jumpTo(focusAt);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus, focusAt]);
  return (
    <>
      <header className="flex flex-col gap-2 border-b border-zinc-200 p-3 dark:border-zinc-800">
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
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <label className="flex items-center gap-1">
            <span className="sr-only">Event name</span>
            {/* A fixed width: sized by its longest option, it grew as new names came and moved the controls after it. */}
            <select
              aria-label="Event name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              className="w-44 truncate rounded border border-zinc-300 bg-white px-1 py-1 dark:border-zinc-700 dark:bg-zinc-900"
            >
              <option value="">All events</option>
              {(log?.names() ?? []).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <SearchBox
            label="Search events"
            placeholder="Search raw text"
            value={search}
            onChange={setSearch}
            className="w-36 text-xs"
          />
          <label className="flex items-center gap-1">
            <input type="checkbox" checked={showPings} onChange={(e) => setShowPings(e.target.checked)} />
            Comments and pings
          </label>
          {/* Pressed shows as pressed (filled, a dot lit), not only to a screen reader. */}
          <Button
            aria-pressed={follow}
            onClick={() => setFollow((f) => !f)}
            className={[
              'flex items-center gap-1.5 rounded border border-zinc-300 px-2 py-1 aria-pressed:border-sky-700',
              'aria-pressed:bg-sky-700 aria-pressed:text-white dark:border-zinc-700',
              'dark:aria-pressed:border-sky-500 dark:aria-pressed:bg-sky-600',
            ].join(' ')}
          >
            <span aria-hidden className={`size-1.5 rounded-full ${follow ? 'bg-white' : 'border border-current'}`} />
            Follow tail
          </Button>
          <Button
            disabled={firstError < 0}
            onClick={jumpToError}
            className="rounded border border-zinc-300 px-2 py-1 disabled:opacity-40 dark:border-zinc-700"
          >
            Jump to first error
          </Button>
        </div>
        {log ? (
          <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="event-log-count">
            {rows.length} of {log.entries.length} shown
          </p>
        ) : null}
        {log && !log.timed ? (
          <p role="note" className="rounded bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
            No timing: this capture holds the bytes but not when they came, so no times are shown. An export as .jsonl keeps them.
          </p>
        ) : null}
        {log ? <LogExports log={log} replyId={replyId} name={exportName} /> : null}
        {log?.exchange ? <ExchangeDetails exchange={log.exchange} /> : null}
      </header>
      <div ref={scroller} onScroll={onScroll} className="@container min-h-0 flex-1 overflow-auto" data-testid="event-log-rows">
        {!log ? <p className="p-3 text-xs text-zinc-600 dark:text-zinc-400">{empty}</p> : null}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entry = log!.entries[rows[item.index]!]!;
            return (
              <div
                key={item.key}
                data-index={item.index}
                data-focused={focus?.seqs.includes(entry.seq) || undefined}
                className={focus?.seqs.includes(entry.seq) ? 'outline-2 -outline-offset-2 outline-amber-500' : undefined}
                ref={virtualizer.measureElement}
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
        {log?.ended && !log.sawTerminal ? (
          <p
            role="status"
            className="m-2 rounded bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
          >
            The stream ended without its terminal event.
          </p>
        ) : null}
        {log?.truncated ? (
          <p className="m-2 text-xs text-zinc-600 dark:text-zinc-400">
            The stored log was cut at the server’s size limit (SLUICE_EVENT_LOG_MAX_BYTES).
          </p>
        ) : null}
      </div>
    </>
  );
}
