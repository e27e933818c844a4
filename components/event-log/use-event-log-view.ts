'use client';

import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { useLogVersion } from '@/lib/client/event-log/event-logs';
import { createRowFilter } from '@/lib/client/event-log/filtered-rows';
import { useLogPanel } from '@/lib/client/event-log/log-panel';
import { useDebounced } from '@/lib/client/use-debounced';
import type { EventLog } from '@/lib/event-log/event-log';

/**
 * The virtualized rows of a log, as values: the items to draw and the height they take,
 * fresh on every render, with the virtualizer's stable functions to measure and scroll.
 */
function useVirtualRows(rows: number[], scroller: RefObject<HTMLDivElement | null>) {
  // The React Compiler lists useVirtualizer as incompatible: it returns one long-lived
  // instance whose getters read state it mutates, so whatever calls it is left uncompiled
  // (and @tanstack/react-virtual has no compiler-safe hook yet: TanStack/virtual#1119).
  // That is what this small hook is for: it keeps the instance to itself, reads the items
  // here on every render and hands its callers plain values, never the instance.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 24,
    overscan: 12,
    getItemKey: (index) => rows[index]!,
  });
  return {
    items: virtualizer.getVirtualItems(),
    totalSize: virtualizer.getTotalSize(),
    measureElement: virtualizer.measureElement,
    scrollToIndex: virtualizer.scrollToIndex,
  };
}

/**
 * Following the tail while the stream is live, back to it when the rows' box resizes, and
 * no longer once the reader scrolls up; a finished reply's log is read from its start.
 */
function useFollowTail(
  log: EventLog | undefined,
  replyId: string | undefined,
  rowCount: number,
  scroller: RefObject<HTMLDivElement | null>,
  scrollToIndex: Virtualizer<HTMLDivElement, Element>['scrollToIndex'],
) {
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
  /** Where the rows were last scrolled to: only a scroll up is the reader's leaving the tail. */
  const lastTop = useRef(0);

  useEffect(() => {
    if (follow && rowCount > 0) scrollToIndex(rowCount - 1, { align: 'end' });
  }, [follow, rowCount, scrollToIndex]);
  // The rows' box resized (on a phone, the sheet opening: its rows were laid out while it
  // was still closed, with no height to scroll in): back to the tail, when following.
  const onResize = useEffectEvent(() => {
    if (follow && rowCount > 0) scrollToIndex(rowCount - 1, { align: 'end' });
  });
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const resized = new ResizeObserver(() => onResize());
    resized.observe(box);
    return () => resized.disconnect();
  }, [scroller]);
  // Another reply's log, over: from its first row, not where the last one was left.
  useEffect(() => {
    if (log?.ended) scroller.current?.scrollTo({ top: 0 });
  }, [log, scroller]);

  // Only a scroll up leaves the tail. Any scroll away from the bottom did, and on a phone,
  // where rows wrap taller than estimated, the virtualizer's own scroll as it measured
  // them left the bottom by more than the slack: the sheet stopped following as it opened.
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    if (el.scrollTop < lastTop.current - 1 && el.scrollTop + el.clientHeight < el.scrollHeight - 40) setFollow(false);
    lastTop.current = el.scrollTop;
  };
  return { follow, setFollow, onScroll };
}

/** What the event log view shows and does: its filters, its rows, following the tail, expanded rows, jumps. */
export function useEventLogView(log: EventLog | undefined, replyId: string | undefined) {
  const version = useLogVersion(log);
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const text = useDebounced(search, 150);
  const [showPings, setShowPings] = useState(true);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const scroller = useRef<HTMLDivElement>(null);

  const [filterRows] = useState(createRowFilter);
  const rows = filterRows(log, version, { name, text, showPings });
  const { items, totalSize, measureElement, scrollToIndex } = useVirtualRows(rows, scroller);
  const { follow, setFollow, onScroll } = useFollowTail(log, replyId, rows.length, scroller, scrollToIndex);

  const toggle = useCallback(
    (seq: number) => setExpanded((s) => (s.has(seq) ? new Set([...s].filter((x) => x !== seq)) : new Set([...s, seq]))),
    [],
  );

  const firstError = log?.entries.findIndex((e) => e.error || e.malformed) ?? -1;
  // The row a jump went to: scrolled to a frame later, once its row is expanded and the rows refiltered.
  const [jumpedTo, setJumpedTo] = useState<{ index: number }>();
  useEffect(() => {
    if (!jumpedTo) return;
    const frame = requestAnimationFrame(() => scrollToIndex(jumpedTo.index, { align: 'center' }));
    return () => cancelAnimationFrame(frame);
  }, [jumpedTo, scrollToIndex]);
  /** Jumps to entry `entry`, expanded, clearing the filters if they hide it. */
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
    setJumpedTo({ index });
  };
  // Rows picked from a reply's warning: once its log is here (a stored one is fetched first).
  // Picked again (a new `focus`), or found at another row, they are jumped to again.
  const focus = useLogPanel((s) => (replyId !== undefined && s.focus?.replyId === replyId ? s.focus : undefined));
  const focusAt = focus && log ? log.entries.findIndex((e) => e.seq === focus.seqs[0]) : -1;
  const [focusSeen, setFocusSeen] = useState<{ focus?: typeof focus; at: number }>({ at: -1 });
  if (focusSeen.focus !== focus || focusSeen.at !== focusAt) {
    setFocusSeen({ focus, at: focusAt });
    if (focusAt >= 0) jumpTo(focusAt);
  }

  return {
    filter: { name, setName, search, setSearch, showPings, setShowPings },
    follow,
    toggleFollow: () => setFollow((f) => !f),
    firstError,
    jumpToError: () => jumpTo(firstError),
    rows,
    virtual: { items, totalSize, measureElement },
    scroller,
    onScroll,
    expanded,
    toggle,
    focused: focus?.seqs,
  };
}

export type EventLogViewState = ReturnType<typeof useEventLogView>;
