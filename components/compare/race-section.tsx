'use client';

import { useEffect, useRef } from 'react';
import { RaceBars } from './race-bars';
import { RaceChart } from './race-chart';

/** Below this width (Tailwind's `sm`) the race starts folded: the panes, the replies themselves, come first. */
const PHONE = '(max-width: 639px)';

/**
 * The race: its chart and its bars, under a summary that folds them. Open on a wide
 * screen, where they sit above the panes; folded on a phone, where they took some 700
 * px of scrolling before the first reply. Folded once, at the start: after that it is
 * the reader's to open and close. Contained (`contain: content`): its bars and chart,
 * redrawn as the race runs, are laid out and painted apart from the panes.
 */
export function RaceSection() {
  const details = useRef<HTMLDetailsElement>(null);
  // On the element, not in state: React sets `open` only when its prop changes, which it
  // never does, so the reader's toggles stay theirs.
  useEffect(() => {
    if (window.matchMedia(PHONE).matches) details.current!.open = false;
  }, []);
  return (
    <section aria-label="The race" className="rounded-lg border border-zinc-200 [contain:content] dark:border-zinc-800">
      <details ref={details} open>
        <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-zinc-700 select-none dark:text-zinc-300">
          The race <span className="font-normal text-zinc-600 dark:text-zinc-400">· output over time, speed and cost</span>
        </summary>
        <div className="flex flex-col gap-3 px-3 pb-3">
          <RaceChart />
          <RaceBars />
        </div>
      </details>
    </section>
  );
}
