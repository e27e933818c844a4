import { CONTEXT_PARTS, type ContextComposition, type ContextPart, type RunStep } from '@/lib/api/runs';
import { formatCount } from './run-figures';

/**
 * What each step's context was made of, as the stacked bar chart and its table show it.
 * Every part is an estimate (a tokenizer's count, scaled to what the provider reported
 * where it did), so every number is written `≈`.
 */

export const PART_LABEL: Record<ContextPart, string> = {
  system: 'System',
  tools: 'Tools',
  conversation: 'Conversation',
  toolResults: 'Tool results',
  thinking: 'Thinking',
};

/** The same, short, for a table's head on a phone. */
export const PART_SHORT: Record<ContextPart, string> = {
  system: 'Sys.',
  tools: 'Tools',
  conversation: 'Conv.',
  toolResults: 'Results',
  thinking: 'Think.',
};

/** A number of tokens as an estimate: "≈1,204". */
export const approx = (tokens: number): string => `≈${formatCount(Math.round(tokens))}`;

export const contextTotal = (context: ContextComposition): number => CONTEXT_PARTS.reduce((sum, part) => sum + context[part], 0);

export interface CompositionBar {
  step: number;
  total: number;
  /** Each part's tokens and its height in percent of the tallest bar, bottom first (the order of CONTEXT_PARTS). */
  parts: { part: ContextPart; tokens: number; height: number }[];
}

export interface CompositionChart {
  bars: CompositionBar[];
  /** The tallest bar's total: the chart's top. */
  max: number;
  /** The parts any step has, for the legend: a part no step has is not listed. */
  parts: ContextPart[];
  /** The chart in words, for its accessible name. */
  summary: string;
  /** The step with the biggest context, whose biggest items the page names. */
  biggest?: RunStep;
}

/** The chart of `steps`' contexts, one bar a step. */
export function compositionChart(steps: RunStep[]): CompositionChart {
  const totals = steps.map((s) => contextTotal(s.context));
  const max = Math.max(0, ...totals);
  const bars = steps.map((s, i): CompositionBar => ({
    step: s.step,
    total: totals[i]!,
    parts: CONTEXT_PARTS.map((part) => ({
      part,
      tokens: s.context[part],
      height: max > 0 ? (s.context[part] / max) * 100 : 0,
    })),
  }));
  const parts = CONTEXT_PARTS.filter((part) => steps.some((s) => s.context[part] > 0));
  const biggestIndex = totals.indexOf(max);
  const biggest = max > 0 ? steps[biggestIndex] : undefined;
  return { bars, max, parts, summary: summaryOf(steps, totals, biggest), ...(biggest ? { biggest } : {}) };
}

/** "Context by step, in tokens: step 1 ≈1,200 to step 5 ≈9,800; the biggest, step 5: conversation ≈5,000, tools ≈3,000, …" */
function summaryOf(steps: RunStep[], totals: number[], biggest: RunStep | undefined): string {
  if (!biggest) return 'Context by step: no context was counted.';
  const first = steps[0]!;
  const last = steps.at(-1)!;
  const range =
    steps.length === 1
      ? `step ${first.step} ${approx(totals[0]!)}`
      : `step ${first.step} ${approx(totals[0]!)} to step ${last.step} ${approx(totals.at(-1)!)}`;
  const split = CONTEXT_PARTS.filter((part) => biggest.context[part] > 0)
    .sort((x, y) => biggest.context[y] - biggest.context[x])
    .map((part) => `${PART_LABEL[part].toLowerCase()} ${approx(biggest.context[part])}`)
    .join(', ');
  return `Context by step, in tokens: ${range}; the biggest, step ${biggest.step}: ${split}.`;
}
