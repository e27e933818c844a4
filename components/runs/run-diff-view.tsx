'use client';

import Link from 'next/link';
import { useEffect } from 'react';
import type { AlignedSteps, RunDiff, RunStep, RunSummary } from '@/lib/api/runs';
import { exposeStats } from '@/lib/client/render-stats';
import { divergenceLine, pairMark, stepBrief, type PairMark } from '@/lib/client/runs/diff-steps';
import { diffFigureRows, type DiffFigureRow } from '@/lib/client/runs/run-figures';
import { runHref } from '@/lib/client/runs/run-links';
import { laneName, stepTone, TONE_LABEL } from '@/lib/client/runs/run-timeline';
import { CONTENT_ID } from '../skip-link';
import { RunStatusBadge } from './run-status';
import { LocalTime } from '../ui/local-time';
import { RunsHeader } from './runs-header';
import { BOX, LINK, MUTED, TONE_FILL } from './styles';

/** One side of the diff, named by its letter: its name (a link to it), when it started, how it stands. */
function Side({ letter, run }: { letter: 'A' | 'B'; run: RunSummary }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <span className="text-xs font-semibold text-zinc-600 dark:text-zinc-400">{letter}</span>
      <Link href={runHref(run.id)} className={`font-medium break-words ${LINK}`}>
        {run.name}
      </Link>
      <span className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <LocalTime at={run.startedAt} />
        <RunStatusBadge status={run.status} />
      </span>
    </div>
  );
}

/** Whether B did better or worse: the tint only hints, the sign says it. */
const DELTA_TONE: Record<DiffFigureRow['verdict'], string> = {
  better: 'text-emerald-800 dark:text-emerald-300',
  worse: 'text-amber-800 dark:text-amber-300',
  same: '',
  unknown: 'text-zinc-600 dark:text-zinc-400',
};

function Figures({ rows }: { rows: DiffFigureRow[] }) {
  return (
    <div tabIndex={0} role="region" aria-label="Figures of both runs" className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="pb-1 text-left font-semibold">Figures</caption>
        <thead className="text-xs text-zinc-600 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="px-2 py-1 text-left font-medium">
              Figure
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              A
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              B
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium whitespace-nowrap">
              B − A
            </th>
          </tr>
        </thead>
        <tbody className="font-mono">
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-zinc-100 dark:border-zinc-900">
              <th scope="row" className="px-2 py-1 text-left font-sans font-normal">
                {row.label}
              </th>
              <td className="px-2 py-1 text-right whitespace-nowrap">{row.a}</td>
              <td className="px-2 py-1 text-right whitespace-nowrap">{row.b}</td>
              <td className={`px-2 py-1 text-right whitespace-nowrap ${DELTA_TONE[row.verdict]}`}>{row.delta}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Where the runs first part, called out above everything else. */
function FirstDivergence({ diff }: { diff: RunDiff }) {
  if (!diff.firstDivergence)
    return (
      <p className="rounded-lg border-l-4 border-emerald-600 bg-emerald-50 px-3 py-2 text-sm dark:bg-emerald-950/40">
        No divergence: both runs made the same requests and got the same answers, as far as the diff looks (models, tools and
        their arguments, text, status).
      </p>
    );
  const { headline, a, b } = divergenceLine(diff.firstDivergence);
  return (
    <section
      aria-labelledby="divergence-heading"
      className="flex flex-col gap-1 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-sm dark:bg-amber-950/40"
    >
      <h2 id="divergence-heading" className="font-semibold">
        First divergence — {headline}
      </h2>
      <p className="break-words">
        <span className="font-semibold">A:</span> {a} <span aria-hidden="true">·</span>
        <span className="sr-only">;</span> <span className="font-semibold">B:</span> {b}
      </p>
    </section>
  );
}

const MARK_TONE: Record<PairMark, string> = {
  same: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300',
  different: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
  'only in A': 'bg-violet-50 text-violet-800 dark:bg-violet-950/60 dark:text-violet-300',
  'only in B': 'bg-violet-50 text-violet-800 dark:bg-violet-950/60 dark:text-violet-300',
};

/** One side of a pair: the step (a link to it in its run), how it went, what it did; or that this run has none there. */
function StepCell({ letter, runId, step }: { letter: 'A' | 'B'; runId: string; step: RunStep | null }) {
  if (!step)
    return (
      <div className="min-w-0 text-sm text-zinc-600 italic dark:text-zinc-400">
        <span className="mr-1 font-semibold not-italic md:sr-only">{letter}</span>no step
      </div>
    );
  const tone = stepTone(step);
  return (
    <div className="flex min-w-0 flex-col gap-0.5 text-sm">
      <span className="flex flex-wrap items-center gap-x-2">
        <span className="font-semibold md:sr-only">{letter}</span>
        <Link href={runHref(runId, step.step)} className={LINK}>
          Step {step.step}
        </Link>
        {step.lane ? <span className="text-xs">{laneName(step.lane)}</span> : null}
        {step.model ? <span className="font-mono text-xs">{step.model}</span> : null}
        <span className="flex items-center gap-1 text-xs">
          <span aria-hidden="true" className={`inline-block size-2 rounded-full ${TONE_FILL[tone]}`} />
          {TONE_LABEL[tone]}
        </span>
      </span>
      <span className="font-mono text-xs break-words">{stepBrief(step)}</span>
    </div>
  );
}

/**
 * One aligned pair, marked. A pair at or after the first divergence is downstream of it:
 * shown quieter (its differences may only follow from the first), but its words keep
 * their contrast.
 */
function Pair({ pair, diff }: { pair: AlignedSteps; diff: RunDiff }) {
  const mark = pairMark(pair);
  return (
    <li
      data-mark={mark}
      data-downstream={pair.downstream || undefined}
      className={[
        'grid grid-cols-1 gap-2 rounded-md border border-zinc-200 p-2 md:grid-cols-[6.5rem_minmax(0,1fr)_minmax(0,1fr)]',
        'dark:border-zinc-800 data-downstream:border-dashed data-downstream:bg-zinc-50 data-downstream:text-zinc-700',
        'dark:data-downstream:bg-zinc-900/60 dark:data-downstream:text-zinc-300',
      ].join(' ')}
    >
      <span className="flex flex-wrap items-start gap-1">
        <span className={`rounded px-1.5 py-0.5 text-xs whitespace-nowrap ${MARK_TONE[mark]}`}>{mark}</span>
        {pair.downstream && mark !== 'same' ? <span className="text-xs text-zinc-600 dark:text-zinc-400">downstream</span> : null}
      </span>
      <StepCell letter="A" runId={diff.a.id} step={pair.a} />
      <StepCell letter="B" runId={diff.b.id} step={pair.b} />
    </li>
  );
}

/**
 * /runs/diff: two runs of one task side by side. Their names and figures with B − A, where
 * they first part, then every step of both lined up, each pair marked.
 */
export function RunDiffView({ diff }: { diff: RunDiff }) {
  // The page's counters for tests, as every page has them: their presence says it has hydrated.
  useEffect(exposeStats, []);
  const counts = diff.steps.reduce<Record<PairMark, number>>(
    (sum, pair) => ({ ...sum, [pairMark(pair)]: sum[pairMark(pair)] + 1 }),
    { same: 0, different: 0, 'only in A': 0, 'only in B': 0 },
  );
  return (
    <div className="flex min-h-screen min-w-0 flex-col px-4 pb-6">
      <RunsHeader />
      <main id={CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-col gap-4 py-4 outline-none">
        <h1 className="text-lg font-semibold">Diff of two runs</h1>
        <div className="grid min-w-0 grid-cols-1 gap-3 md:grid-cols-2">
          <Side letter="A" run={diff.a} />
          <Side letter="B" run={diff.b} />
        </div>
        <FirstDivergence diff={diff} />
        <Figures rows={diffFigureRows(diff)} />
        <section aria-labelledby="aligned-heading" className={BOX}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="aligned-heading" className="font-semibold">
              Steps, aligned
            </h2>
            <p className={MUTED}>
              {counts.same} same, {counts.different} different, {counts['only in A']} only in A, {counts['only in B']} only in B
            </p>
          </div>
          <div
            aria-hidden="true"
            className="hidden grid-cols-[6.5rem_minmax(0,1fr)_minmax(0,1fr)] gap-2 px-2 text-xs font-semibold text-zinc-600 md:grid dark:text-zinc-400"
          >
            <span />
            <span>A</span>
            <span>B</span>
          </div>
          <ol aria-label="Aligned steps" className="flex flex-col gap-1.5">
            {diff.steps.map((pair, i) => (
              <Pair key={i} pair={pair} diff={diff} />
            ))}
          </ol>
        </section>
      </main>
    </div>
  );
}
