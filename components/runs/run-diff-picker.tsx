'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import type { RunSummary } from '@/lib/api/runs';
import { exposeStats } from '@/lib/client/render-stats';
import { runDiffHref, runHref } from '@/lib/client/runs/run-links';
import { CONTENT_ID } from '../skip-link';
import { RunChooser } from './run-chooser';
import { RunsHeader } from './runs-header';
import { LINK, MUTED } from './styles';

/** /runs/diff with one run named, or none: the other is asked for (or the way to a run, to start from). */
export function RunDiffPicker({ run }: { run: RunSummary | undefined }) {
  const router = useRouter();
  // The page's counters for tests, as every page has them: their presence says it has hydrated.
  useEffect(exposeStats, []);
  return (
    <div className="flex min-h-screen min-w-0 flex-col px-4 pb-6">
      <RunsHeader />
      <main id={CONTENT_ID} tabIndex={-1} className="flex max-w-lg min-w-0 flex-col gap-4 py-4 outline-none">
        <h1 className="text-lg font-semibold">Diff two runs</h1>
        {run ? (
          <>
            <p className="text-sm">
              A:{' '}
              <Link href={runHref(run.id)} className={`underline ${LINK}`}>
                {run.name}
              </Link>
              . Pick B, the run to diff it with:
            </p>
            <RunChooser except={run.id} onPick={(other) => router.push(runDiffHref(run.id, other))} />
          </>
        ) : (
          <p className={MUTED}>
            Open a run from{' '}
            <Link href="/runs" className={`underline ${LINK}`}>
              the list of runs
            </Link>{' '}
            and choose “Diff with another run…”.
          </p>
        )}
      </main>
    </div>
  );
}
