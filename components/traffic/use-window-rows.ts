'use client';

import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type RefObject } from 'react';

/** Rows drawn beyond the screen, above and below: a wheel's flick lands on drawn rows. */
const OVERSCAN = 12;

/**
 * The rows of a long list that scrolls with the page, as values: which to draw, the room
 * left above and below them, and the virtualizer's stable `measure` for each drawn row.
 * `body` is the list's element: where it starts on the page is measured again as the page
 * above it changes (filters, an opened how-to), so the window stays on the screen.
 * `lastSeen` is the last row on the screen (not the ones drawn past it).
 */
export function useWindowRows(keys: readonly string[], rowHeight: number, body: RefObject<HTMLElement | null>) {
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const element = body.current;
    if (!element) return;
    const measure = () => setMargin(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    // The page's height changes whenever something above the list does (and as it grows).
    const resized = new ResizeObserver(measure);
    resized.observe(document.body);
    return () => resized.disconnect();
  }, [body]);

  // One long-lived instance whose getters read state it mutates: as in the event log
  // (use-event-log-view.ts), this hook keeps it to itself and hands its callers plain values.
  const virtualizer = useWindowVirtualizer({
    count: keys.length,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    scrollMargin: margin,
    getItemKey: (index) => keys[index]!,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  return {
    items,
    above: first ? first.start - margin : 0,
    below: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - margin)) : 0,
    measure: virtualizer.measureElement,
    lastSeen: virtualizer.range?.endIndex ?? -1,
  };
}
