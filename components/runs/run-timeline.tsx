'use client';

import { useMemo } from 'react';
import type { RunStep } from '@/lib/api/runs';
import { TONE_LABEL, timelineOf, type StepTone, type TimelineTick } from '@/lib/client/runs/run-timeline';
import { Button } from '@/components/ui/button';
import { BOX, MUTED, TONE_FILL } from './styles';

const TONES: StepTone[] = ['complete', 'streaming', 'stopped', 'failed'];

/** A tick's label: the first starts at the axis' start, the last ends at its end, the rest are centred. */
const tickShift = (tick: TimelineTick) => (tick.left === 0 ? '0' : tick.left > 94 ? '-100%' : '-50%');

/** The axis under the lanes, and the ticks' lines behind them. */
function Axis({ ticks }: { ticks: TimelineTick[] }) {
  return (
    <div aria-hidden="true" className="relative col-start-2 h-5 text-xs text-zinc-600 dark:text-zinc-400">
      {ticks.map((tick) => (
        <span
          key={tick.at}
          className="absolute top-1 whitespace-nowrap"
          style={{ left: `${tick.left}%`, transform: `translateX(${tickShift(tick)})` }}
        >
          {tick.label}
        </span>
      ))}
    </div>
  );
}

/** Which colour says what, seen only: each bar's name says it in words. */
function Legend({ tones }: { tones: StepTone[] }) {
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
      {tones.map((tone) => (
        <li key={tone} className="flex items-center gap-1.5">
          <span className={`inline-block h-2.5 w-4 rounded-sm ${TONE_FILL[tone]}`} />
          {TONE_LABEL[tone]}
        </li>
      ))}
    </ul>
  );
}

/**
 * Every step on one time axis (the time since the run began): a bar from its start to its
 * end, a row per lane (the main line, then each subagent), coloured by how it ended. Each
 * bar is a button that opens its step; its name says what the picture shows.
 */
export function RunTimeline({
  steps,
  readAt,
  selected,
  onSelect,
}: {
  steps: RunStep[];
  /** When the steps were read, for a bar still streaming; unknown in the server's render. */
  readAt: number | undefined;
  selected: number | undefined;
  onSelect: (step: number) => void;
}) {
  const timeline = useMemo(() => timelineOf(steps, readAt), [steps, readAt]);
  const shown = TONES.filter((tone) => timeline.lanes.some((lane) => lane.bars.some((b) => b.tone === tone)));
  return (
    <section aria-labelledby="timeline-heading" className={BOX}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="timeline-heading" className="font-semibold">
          Timeline
        </h2>
        <p className={MUTED}>{timeline.summary.replace(/^Timeline: /, '')}</p>
      </div>
      <div role="group" aria-label={timeline.summary} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
        {timeline.lanes.map((lane) => (
          <div key={lane.lane} role="group" aria-label={lane.name} className="col-span-2 grid grid-cols-subgrid">
            <span aria-hidden="true" className="flex h-8 items-center text-xs font-medium whitespace-nowrap">
              {lane.name}
            </span>
            <div className="relative h-8 border-b border-zinc-100 dark:border-zinc-800/60">
              {timeline.ticks.map((tick) => (
                <span
                  key={tick.at}
                  aria-hidden="true"
                  className="absolute inset-y-0 w-px bg-zinc-200 dark:bg-zinc-800"
                  style={{ left: `${tick.left}%` }}
                />
              ))}
              {lane.bars.map((bar) => (
                <Button
                  key={bar.step}
                  data-step={bar.step}
                  data-tone={bar.tone}
                  aria-label={bar.label}
                  aria-pressed={bar.step === selected}
                  title={bar.label}
                  onClick={() => onSelect(bar.step)}
                  className={[
                    'absolute top-1.5 h-5 min-w-1.5 rounded-sm',
                    TONE_FILL[bar.tone],
                    'hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600',
                    'aria-pressed:ring-2 aria-pressed:ring-zinc-900 aria-pressed:ring-offset-1 aria-pressed:ring-offset-white',
                    'dark:aria-pressed:ring-zinc-100 dark:aria-pressed:ring-offset-zinc-950',
                  ].join(' ')}
                  style={{ left: `${bar.left}%`, width: `${bar.width}%` }}
                />
              ))}
            </div>
          </div>
        ))}
        <Axis ticks={timeline.ticks} />
      </div>
      <Legend tones={shown} />
    </section>
  );
}
