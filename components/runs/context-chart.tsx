'use client';

import { useMemo } from 'react';
import { CONTEXT_PARTS, type ContextPart, type RunStep } from '@/lib/api/runs';
import {
  approx,
  compositionChart,
  contextTotal,
  PART_LABEL,
  PART_SHORT,
  type CompositionChart,
} from '@/lib/client/runs/context-chart';
import { BOX, MUTED, PART_FILL } from './styles';
import { StepLink } from './step-link';
import { BiggestItems } from './biggest-items';

/** Past this many steps, only every few has its number under its bar: the numbers would overlap. */
const NUMBERED_BARS = 24;

/** What each colour is, in words: the picture's key, which a screen reader gets from the table below. */
function Legend({ parts }: { parts: ContextPart[] }) {
  return (
    <ul aria-label="Context parts" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-700 dark:text-zinc-300">
      {parts.map((part) => (
        <li key={part} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block size-2.5 rounded-sm ${PART_FILL[part]}`} />
          {PART_LABEL[part]}
        </li>
      ))}
    </ul>
  );
}

/**
 * One bar a step, its parts stacked bottom up in the order of CONTEXT_PARTS, scaled to the
 * biggest step. A picture (role img) named by its summary; the table says it all in numbers.
 */
function Bars({ chart, selected }: { chart: CompositionChart; selected: number | undefined }) {
  const every = Math.ceil(chart.bars.length / NUMBERED_BARS);
  return (
    <div role="img" aria-label={chart.summary} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
      <div className="flex h-40 flex-col justify-between text-right text-xs text-zinc-600 dark:text-zinc-400">
        <span>{approx(chart.max)}</span>
        <span>0</span>
      </div>
      <div className="flex h-40 items-end gap-px border-b border-l border-zinc-300 pl-px dark:border-zinc-700">
        {chart.bars.map((bar) => (
          <div
            key={bar.step}
            data-step={bar.step}
            className={[
              'flex h-full max-w-10 min-w-px flex-1 flex-col-reverse',
              bar.step === selected
                ? 'rounded-t-sm bg-zinc-100 outline-2 outline-zinc-900 dark:bg-zinc-800 dark:outline-zinc-100'
                : '',
            ].join(' ')}
          >
            {bar.parts.map(({ part, height }) =>
              height > 0 ? (
                <span key={part} className={`block w-full ${PART_FILL[part]}`} style={{ height: `${height}%` }} />
              ) : null,
            )}
          </div>
        ))}
      </div>
      <div className="col-start-2 flex gap-px pl-px text-[11px] text-zinc-600 dark:text-zinc-400">
        {chart.bars.map((bar, i) => (
          <span key={bar.step} className="max-w-10 min-w-px flex-1 overflow-visible text-center whitespace-nowrap">
            {i % every === 0 ? bar.step : ''}
          </span>
        ))}
      </div>
    </div>
  );
}

/** Each step's parts in numbers, every one `≈`: the chart's words, and where a step is opened from. */
function NumbersTable({ steps, parts, onSelect }: { steps: RunStep[]; parts: ContextPart[]; onSelect: (step: number) => void }) {
  return (
    <div tabIndex={0} role="region" aria-label="Context by step, in tokens" className="max-h-80 overflow-auto">
      {/* Tighter on a phone, where seven columns of numbers hardly fit. */}
      <table className="w-full border-collapse text-sm max-sm:text-xs [&_td]:max-sm:px-1 [&_th]:max-sm:px-1">
        <thead className="sticky top-0 bg-white text-xs text-zinc-600 dark:bg-zinc-950 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="px-2 py-1 text-left font-medium">
              Step
            </th>
            {parts.map((part) => (
              <th key={part} scope="col" className="px-2 py-1 text-right font-medium whitespace-nowrap">
                {/* Short on a phone, where the long names would push the numbers out; said in full either way. */}
                <span className="max-sm:sr-only">{PART_LABEL[part]}</span>
                <span aria-hidden="true" className="sm:hidden">
                  {PART_SHORT[part]}
                </span>
              </th>
            ))}
            <th scope="col" className="px-2 py-1 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="font-mono">
          {steps.map((step) => (
            <tr key={step.step} className="border-b border-zinc-100 dark:border-zinc-900">
              <th scope="row" className="px-2 py-1 text-left font-sans font-normal">
                <StepLink step={step.step} onSelect={onSelect} label={`Step ${step.step}`}>
                  {step.step}
                </StepLink>
              </th>
              {parts.map((part) => (
                <td key={part} className="px-2 py-1 text-right whitespace-nowrap">
                  {approx(step.context[part])}
                </td>
              ))}
              <td className="px-2 py-1 text-right whitespace-nowrap">{approx(contextTotal(step.context))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What filled each step's context (system prompt, tools, conversation, tool results,
 * thinking): a stacked bar a step, its legend, the biggest items of the biggest context,
 * and the numbers. All are estimates: counted with a tokenizer, scaled to what the
 * provider reported.
 */
export function ContextChart({
  steps,
  selected,
  onSelect,
}: {
  steps: RunStep[];
  selected: number | undefined;
  onSelect: (step: number) => void;
}) {
  const chart = useMemo(() => compositionChart(steps), [steps]);
  const parts = chart.parts.length ? chart.parts : CONTEXT_PARTS;
  return (
    <section aria-labelledby="context-heading" className={BOX}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="context-heading" className="font-semibold">
          Context
        </h2>
        <p className={MUTED}>Tokens by part, estimated (≈)</p>
      </div>
      {chart.max > 0 ? (
        <>
          <Bars chart={chart} selected={selected} />
          <Legend parts={parts} />
          {chart.biggest ? <BiggestItems step={chart.biggest} headingLevel={3} onSelect={onSelect} /> : null}
          <NumbersTable steps={steps} parts={parts} onSelect={onSelect} />
        </>
      ) : (
        <p className={MUTED}>No step’s context was counted: their requests were not read as a known protocol’s.</p>
      )}
    </section>
  );
}
