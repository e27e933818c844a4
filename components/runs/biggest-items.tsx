import type { RunStep } from '@/lib/api/runs';
import { approx, PART_LABEL } from '@/lib/client/runs/context-chart';
import { StepLink } from './step-link';

/**
 * The biggest single items of a step's context, named (a 40 KB tool result, a long tool
 * list): what to cut first when a context grows too big. `onSelect`: the step's number is a
 * link to it (the run's biggest context, under the chart); without, the step is the one shown.
 */
export function BiggestItems({
  step,
  headingLevel,
  onSelect,
}: {
  step: RunStep;
  headingLevel: 3 | 4;
  onSelect?: (step: number) => void;
}) {
  const items = step.context.largest;
  if (items.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="flex flex-col gap-1">
      <Heading className="text-sm font-semibold">
        {onSelect ? (
          <>
            Biggest items, in the biggest context (
            <StepLink step={step.step} onSelect={onSelect}>
              step {step.step}
            </StepLink>
            )
          </>
        ) : (
          'Biggest items in its context'
        )}
      </Heading>
      <ol className="flex flex-col gap-0.5 text-sm">
        {items.map((item, i) => (
          <li key={i} className="flex min-w-0 items-baseline gap-2">
            {/* Wrapped, not cut: on a phone a cut name would hide which message it is. */}
            <span className="min-w-0 font-mono break-words">{item.name}</span>
            <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">{PART_LABEL[item.part]}</span>
            <span className="ml-auto shrink-0 font-mono">{approx(item.tokens)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
