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

/**
 * The text of a polite live region telling of captures that appear in the list after it
 * first loaded (those already there when the page opened are not news), throttled.
 */
export function useNewCaptureAnnouncement(captures: CaptureSummary[], loaded: boolean): string {
  const seen = useRef<Set<string> | undefined>(undefined);
  const waiting = useRef<CaptureSummary[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!loaded) return;
    if (!seen.current) {
      seen.current = new Set(captures.map((c) => c.id));
      return;
    }
    const fresh = captures.filter((c) => !seen.current!.has(c.id));
    if (fresh.length === 0) return;
    for (const c of fresh) seen.current.add(c.id);
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
