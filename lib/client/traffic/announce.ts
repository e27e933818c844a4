import { useEffect, useRef, useState } from 'react';
import type { CaptureSummary } from '@/lib/api/captures';

/** What the live region says of captures that appeared since it last spoke. */
export function newCapturesText(fresh: CaptureSummary[]): string {
  if (fresh.length === 0) return '';
  if (fresh.length > 1) return `${fresh.length} new captures`;
  const [one] = fresh;
  return `New capture: ${one!.method} ${one!.path}${one!.model ? `, ${one!.model}` : ''}`;
}

/** At most one announcement this often: an app sending a burst is one sentence, not a stream of them. */
const EVERY_MS = 2000;

/** Whether capture `a` came after `b` (as the list orders them: by start, then id). */
const after = (a: CaptureSummary, b: CaptureSummary) => a.startedAt > b.startedAt || (a.startedAt === b.startedAt && a.id > b.id);

/**
 * The captures that arrived since the list was last seen: those above the newest seen
 * (the list is newest first). Older pages read as the reader scrolls are not news, and
 * only the top of a list of thousands is read.
 */
export function arrivedSince(captures: CaptureSummary[], newest: CaptureSummary): CaptureSummary[] {
  const fresh: CaptureSummary[] = [];
  for (const capture of captures) {
    if (!after(capture, newest)) break;
    fresh.push(capture);
  }
  return fresh;
}

/**
 * The text of a polite live region telling of captures that appear in the list after it
 * first loaded (those already there when the page opened are not news), throttled.
 */
export function useNewCaptureAnnouncement(captures: CaptureSummary[], loaded: boolean): string {
  const newest = useRef<CaptureSummary | null | undefined>(undefined);
  const waiting = useRef<CaptureSummary[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!loaded) return;
    // The list as it opened is not news (null: it opened empty, and all that comes is).
    if (newest.current === undefined) {
      newest.current = captures[0] ?? null;
      return;
    }
    const fresh = newest.current ? arrivedSince(captures, newest.current) : captures;
    if (fresh.length === 0) return;
    newest.current = fresh[0]!;
    waiting.current.push(...fresh);
    const flush = () => {
      timer.current = undefined;
      if (waiting.current.length === 0) return;
      setText(newCapturesText(waiting.current));
      waiting.current = [];
      timer.current = setTimeout(flush, EVERY_MS);
    };
    timer.current ??= setTimeout(flush, 0);
  }, [captures, loaded]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return text;
}
