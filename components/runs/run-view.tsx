'use client';

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { RunDetail } from '@/lib/api/runs';
import { exposeStats } from '@/lib/client/render-stats';
import { runFigureList } from '@/lib/client/runs/run-figures';
import { useRun } from '@/lib/client/runs/use-runs';
import { CONTENT_ID } from '../skip-link';
import { CacheHealth } from './cache-health';
import { ContextChart } from './context-chart';
import { FigureList } from './figure-list';
import { RunActions } from './run-actions';
import { RunStatusBadge } from './run-status';
import { LocalTime } from '../ui/local-time';
import { Fact, MetaLine } from '../ui/meta-line';
import { RunTimeline } from './run-timeline';
import { RunsHeader } from './runs-header';
import { StepDetail } from './step-detail';

const SOURCE_WORDS: Record<RunDetail['source'], string> = {
  named: 'named by the app',
  continuity: 'grouped by conversation',
};

const noSubscription = () => () => {};

/**
 * When the run's figures were read, in the browser only: a step still streaming is drawn to
 * then. On the server and in the first render it is unknown (the two clocks would draw the
 * bar differently), and the bar ends at the step's last known time.
 */
function useReadAt(updatedAt: number): number | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => updatedAt,
    () => undefined,
  );
}

/**
 * /runs/{id}: one run of an agent. Its figures and actions, then its steps three ways (on
 * one time axis, by what filled their context, by how the cache held), and the chosen
 * step's detail with what its request added over the one before. Read again as its
 * captures change.
 */
export function RunView({ initial, initialStep }: { initial: RunDetail; initialStep?: number }) {
  const { data: run, error, dataUpdatedAt } = useRun(initial.id, initial);
  const readAt = useReadAt(dataUpdatedAt);
  // The page's counters for tests, as every page has them: their presence says it has hydrated.
  useEffect(exposeStats, []);
  const [chosen, setChosen] = useState(initialStep);
  const detail = useRef<HTMLElement>(null);
  // No step chosen (or one no longer there): the latest, which is where a live run is.
  const step = run.steps.find((s) => s.step === chosen) ?? run.steps.at(-1);
  const select = useCallback((n: number) => {
    setChosen(n);
    // In the address, so a reload or a copied link opens the same step.
    window.history.replaceState(null, '', `?step=${n}`);
    // Beside the charts on a wide screen it is in view already; under them on a phone it is brought there.
    requestAnimationFrame(() => detail.current?.scrollIntoView({ block: 'nearest' }));
  }, []);

  return (
    <div className="flex min-h-screen min-w-0 flex-col px-4 pb-6">
      <RunsHeader />
      <main id={CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-col gap-4 py-4 outline-none">
        <div className="flex flex-col gap-1">
          <h1 className="text-lg font-semibold break-words">{run.name}</h1>
          <MetaLine className="text-sm text-zinc-600 dark:text-zinc-400">
            <Fact>
              Started <LocalTime at={run.startedAt} />
            </Fact>
            <Fact>{SOURCE_WORDS[run.source]}</Fact>
            <Fact plain>
              <RunStatusBadge status={run.status} />
            </Fact>
          </MetaLine>
        </div>
        <RunActions run={run} />
        <FigureList label="Run figures" figures={runFigureList(run)} />
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Cannot read the run again: {error.message}
          </p>
        ) : null}
        {run.steps.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">This run has no requests yet.</p>
        ) : (
          <div className="grid min-w-0 items-start gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,32rem)]">
            <div className="flex min-w-0 flex-col gap-4">
              <RunTimeline steps={run.steps} readAt={readAt} selected={step?.step} onSelect={select} />
              <ContextChart steps={run.steps} selected={step?.step} onSelect={select} />
              <CacheHealth run={run} onSelect={select} />
            </div>
            {step ? <StepDetail ref={detail} run={run} step={step} onSelect={select} /> : null}
          </div>
        )}
      </main>
    </div>
  );
}
