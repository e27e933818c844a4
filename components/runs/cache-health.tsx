'use client';

import type { CacheBreak, RunDetail } from '@/lib/api/runs';
import { formatCount, formatRate } from '@/lib/client/runs/run-figures';
import { laneName } from '@/lib/client/runs/run-timeline';
import { formatUsd } from '@/lib/pricing/cost';
import { BOX, MUTED } from './styles';
import { StepLink } from './step-link';

/** A break's reason, its quoted prompt text (between backticks) as code. */
function Reason({ text }: { text: string }) {
  return text.split('`').map((piece, i) =>
    i % 2 === 1 ? (
      <code key={i} className="rounded bg-zinc-100 px-1 break-all dark:bg-zinc-800">
        {piece}
      </code>
    ) : (
      <span key={i}>{piece}</span>
    ),
  );
}

/** Each step where the cache's reads fell though its prompt should have kept the last one's start, and why. */
function Breaks({ breaks, onSelect }: { breaks: CacheBreak[]; onSelect: (step: number) => void }) {
  if (breaks.length === 0)
    return <p className={MUTED}>No cache breaks: no step’s cache reads fell where its prompt should have held.</p>;
  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold">{breaks.length === 1 ? '1 cache break' : `${breaks.length} cache breaks`}</h3>
      <ul aria-label="Cache breaks" className="flex flex-col gap-1 text-sm">
        {breaks.map((found) => (
          <li key={found.step} className="rounded border-l-4 border-rose-500 bg-rose-50 px-2 py-1 dark:bg-rose-950/40">
            <StepLink step={found.step} onSelect={onSelect}>
              Step {found.step}
            </StepLink>
            : <Reason text={found.reason} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The run's cache in a line: "67% hit rate: 3,000 read, 500 written, 1,000 uncached; saved $0.012". */
function cacheLine(cache: RunDetail['cache']): string {
  const rate = cache.hitRate === null ? 'No input to cache' : `${formatRate(cache.hitRate)} hit rate`;
  const saved = cache.savings !== null ? `; saved ${formatUsd(cache.savings)}` : '';
  return `${rate}: ${formatCount(cache.reads)} read, ${formatCount(cache.writes)} written, ${formatCount(cache.uncached)} uncached${saved}`;
}

/** A hit rate as a short bar beside its number: seen only, the number says it. */
function RateBar({ rate }: { rate: number | null }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-1.5 w-12 overflow-hidden rounded-full bg-zinc-200 align-middle max-sm:hidden dark:bg-zinc-800"
    >
      <span className="block h-full bg-emerald-600 dark:bg-emerald-400" style={{ width: `${(rate ?? 0) * 100}%` }} />
    </span>
  );
}

/**
 * How the prompt cache held over the run: the run's figures, where it broke and why, and
 * each step's reads, writes and uncached input. A step that broke it is marked in its row.
 */
export function CacheHealth({ run, onSelect }: { run: RunDetail; onSelect: (step: number) => void }) {
  const broke = new Set(run.cache.breaks.map((b) => b.step));
  const lanes = new Set(run.steps.map((s) => s.lane)).size > 1;
  const { cache } = run;
  return (
    <section aria-labelledby="cache-heading" className={BOX}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="cache-heading" className="font-semibold">
          Cache health
        </h2>
        <p className={MUTED}>{cacheLine(cache)}</p>
      </div>
      <Breaks breaks={cache.breaks} onSelect={onSelect} />
      <div tabIndex={0} role="region" aria-label="Cache by step" className="max-h-80 overflow-auto">
        {/* Tighter on a phone, the bars beside the rates left out, so the columns fit. */}
        <table className="w-full border-collapse text-sm max-sm:text-xs [&_td]:max-sm:px-1 [&_th]:max-sm:px-1">
          <thead className="sticky top-0 bg-white text-xs text-zinc-600 dark:bg-zinc-950 dark:text-zinc-400">
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              <th scope="col" className="px-2 py-1 text-left font-medium">
                Step
              </th>
              {lanes ? (
                <th scope="col" className="px-2 py-1 text-left font-medium">
                  Lane
                </th>
              ) : null}
              {['Hit rate', 'Reads', 'Writes', 'Uncached'].map((name) => (
                <th key={name} scope="col" className="px-2 py-1 text-right font-medium whitespace-nowrap">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="font-mono">
            {run.steps.map((step) => (
              <tr
                key={step.step}
                data-break={broke.has(step.step) || undefined}
                className="border-b border-zinc-100 data-break:bg-rose-50 dark:border-zinc-900 dark:data-break:bg-rose-950/40"
              >
                <th scope="row" className="px-2 py-1 text-left font-sans font-normal whitespace-nowrap">
                  <StepLink step={step.step} onSelect={onSelect} label={`Step ${step.step}`}>
                    {step.step}
                  </StepLink>
                  {broke.has(step.step) ? <span className="ml-1 text-xs text-rose-800 dark:text-rose-300">break</span> : null}
                </th>
                {lanes ? <td className="px-2 py-1 font-sans whitespace-nowrap">{laneName(step.lane)}</td> : null}
                <td className="px-2 py-1 text-right whitespace-nowrap">
                  <RateBar rate={step.cache.hitRate} /> {formatRate(step.cache.hitRate) ?? '—'}
                </td>
                <td className="px-2 py-1 text-right">{formatCount(step.cache.reads)}</td>
                <td className="px-2 py-1 text-right">{formatCount(step.cache.writes)}</td>
                <td className="px-2 py-1 text-right">{formatCount(step.cache.uncached)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
