'use client';

import { useEffect, useRef } from 'react';
import { useCompareStore } from '@/lib/client/compare/compare-store';
import { sessionPaneNames } from '@/lib/client/compare/pane-names';
import { raceFigures } from '@/lib/client/compare/race-figures';
import { raceVerdict } from '@/lib/client/compare/race-verdict';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { RaceBars } from './race-bars';
import { RaceChart } from './race-chart';

/** Below this width (Tailwind's `sm`) the race starts folded: the panes, the replies themselves, come first. */
const PHONE = '(max-width: 639px)';

/** Whether every pane's latest message is a reply and none streams: the race has been run, and is over. */
function useRaceOver(): boolean {
  const streaming = useCompareStore((s) => s.panes.some((p) => p.streaming));
  const replied = useMessagePool((s) =>
    useCompareStore.getState().panes.some((p) => s.messages[p.order.at(-1) ?? '']?.role === 'assistant'),
  );
  return replied && !streaming;
}

/** The race's outcome in a line ("fastest first token: …; fastest: …; cheapest: …") once it is over, for the folded summary. */
function useVerdict(over: boolean): string {
  const names = useCompareStore((s) => sessionPaneNames(s).join('\n'));
  return useMessagePool((s) =>
    over
      ? raceVerdict(
          names.split('\n'),
          useCompareStore.getState().panes.map((p) => raceFigures(s.messages[p.order.at(-1) ?? ''])),
        )
      : '',
  );
}

/**
 * The race: its chart and its bars, under a summary that folds them. Open while a race
 * runs on a wide screen, to watch it; folded once it is over (a race reopened too), so
 * the panes, the replies a race is run for, get the screen: the summary then says who
 * won what in a line. On a phone it starts folded (its chart and bars took some 700 px
 * before the first reply) and does not open by itself. Between those moments it is the
 * reader's to open and close. Contained (`contain: content`): its bars and chart,
 * redrawn as the race runs, are laid out and painted apart from the panes.
 */
export function RaceSection() {
  const details = useRef<HTMLDetailsElement>(null);
  const streaming = useCompareStore((s) => s.panes.some((p) => p.streaming));
  const over = useRaceOver();
  const verdict = useVerdict(over);
  // On the element, not in state: React sets `open` only when its prop changes, which it
  // never does, so the reader's toggles stay theirs.
  useEffect(() => {
    if (window.matchMedia(PHONE).matches) details.current!.open = false;
  }, []);
  useEffect(() => {
    if (streaming && !window.matchMedia(PHONE).matches) details.current!.open = true;
  }, [streaming]);
  useEffect(() => {
    if (over) details.current!.open = false;
  }, [over]);
  return (
    <section aria-label="The race" className="rounded-lg border border-zinc-200 [contain:content] dark:border-zinc-800">
      <details ref={details} open>
        <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-zinc-700 select-none dark:text-zinc-300">
          The race{' '}
          <span className="font-normal text-zinc-600 dark:text-zinc-400">· {verdict || 'output over time, speed and cost'}</span>
        </summary>
        <div className="flex flex-col gap-3 px-3 pb-3">
          <RaceChart />
          <RaceBars />
        </div>
      </details>
    </section>
  );
}
