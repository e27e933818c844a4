'use client';

import Link from 'next/link';
import type { Ref } from 'react';
import type { RunDetail, RunStep, RunToolCall } from '@/lib/api/runs';
import { stepFigureList } from '@/lib/client/runs/run-figures';
import { laneName, stepTone, TONE_LABEL } from '@/lib/client/runs/run-timeline';
import { previousOnLane } from '@/lib/client/runs/use-turn-diff';
import { prettyArguments } from '@/lib/client/word-diff';
import { Fact, MetaLine } from '../ui/meta-line';
import { BiggestItems } from './biggest-items';
import { FigureList } from './figure-list';
import { LINK, MUTED, TONE_FILL } from './styles';
import { TurnDiffView } from './turn-diff-view';

function ToolCalls({ calls }: { calls: RunToolCall[] }) {
  if (calls.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold">Tool calls</h3>
      <ul className="flex flex-col gap-2">
        {calls.map((call, i) => (
          <li key={i} className="flex flex-col gap-1">
            <span className="font-mono text-sm font-medium">{call.name}</span>
            <pre
              tabIndex={0}
              aria-label={`Arguments of ${call.name}`}
              className="max-h-48 overflow-auto rounded bg-zinc-100 p-2 text-xs whitespace-pre-wrap break-words dark:bg-zinc-900"
            >
              {prettyArguments(call.arguments) || '(none)'}
            </pre>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The step picker: any step by number, beside the bars and rows that open one. */
function StepPicker({ steps, step, onSelect }: { steps: RunStep[]; step: RunStep; onSelect: (step: number) => void }) {
  return (
    <select
      aria-label="Step"
      value={step.step}
      onChange={(e) => onSelect(Number(e.target.value))}
      className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
    >
      {steps.map((s) => (
        <option key={s.step} value={s.step}>
          Step {s.step} · {laneName(s.lane)}
          {s.model ? ` · ${s.model}` : ''}
        </option>
      ))}
    </select>
  );
}

/**
 * One step of the run: how it went, its figures, the tools it called, what filled its
 * context, the way to its whole capture on the Traffic page, and what its request added
 * over the one before it on its lane.
 */
export function StepDetail({
  ref,
  run,
  step,
  onSelect,
}: {
  ref: Ref<HTMLElement>;
  run: RunDetail;
  step: RunStep;
  onSelect: (step: number) => void;
}) {
  const tone = stepTone(step);
  const runStart = Date.parse(run.startedAt);
  const previous = previousOnLane(run.steps, step);
  return (
    <section
      ref={ref}
      id="step-detail"
      aria-labelledby="step-heading"
      className="flex min-w-0 scroll-mt-16 flex-col gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="step-heading" className="font-semibold">
          Step {step.step} · {laneName(step.lane)}
        </h2>
        <StepPicker steps={run.steps} step={step} onSelect={onSelect} />
      </div>
      <MetaLine className="text-sm text-zinc-600 dark:text-zinc-400">
        <Fact>
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-block h-2.5 w-4 rounded-sm ${TONE_FILL[tone]}`} />
            {TONE_LABEL[tone]}
            {step.httpStatus !== undefined ? ` (HTTP ${step.httpStatus})` : ''}
          </span>
        </Fact>
        {step.model ? <Fact className="font-mono">{step.model}</Fact> : null}
        {step.parent !== null ? <Fact>began from step {step.parent}</Fact> : null}
      </MetaLine>
      {step.error ? <p className="text-sm text-rose-700 dark:text-rose-400">{step.error}</p> : null}
      <FigureList label="Step figures" figures={stepFigureList(step, runStart)} />
      <p>
        <Link href={`/traffic/${encodeURIComponent(step.captureId)}`} className={`text-sm ${LINK}`}>
          Open capture
        </Link>
      </p>
      <ToolCalls calls={step.toolCalls} />
      {step.text ? (
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold">Reply text</h3>
          <p className="max-h-40 overflow-auto text-sm whitespace-pre-wrap break-words" tabIndex={0} aria-label="Reply text">
            {step.text}
          </p>
        </div>
      ) : null}
      <BiggestItems step={step} headingLevel={3} />
      {step.usageEstimated ? (
        <p className={MUTED}>≈ The provider reported no usage for this step: its tokens are counted.</p>
      ) : null}
      <TurnDiffView key={step.step} step={step} previous={previous} />
    </section>
  );
}
