import type { RunDetail, RunDiff, RunStep, RunSummary, RunUsage } from '@/lib/api/runs';
import { formatMs } from '@/lib/figures/format-duration';
import { formatUsd } from '@/lib/pricing/cost';

/**
 * A run's figures in words, as the runs pages show them. Numbers are written in one
 * locale: the server renders these pages first, and a reader's other locale would make
 * the browser's first render disagree with the server's.
 */

const NUMBER = new Intl.NumberFormat('en-US');

/** A count of tokens or requests: "12,345". */
export const formatCount = (n: number): string => NUMBER.format(n);

/** A cache hit rate (0–1) as a percentage; undefined when there was no input to hit. */
export function formatRate(rate: number | null): string | undefined {
  if (rate === null) return undefined;
  const percent = rate * 100;
  // A rate just above nothing, or just short of everything, is not rounded to look like it.
  if (percent > 0 && percent < 1) return '<1%';
  if (percent < 100 && percent > 99) return '>99%';
  return `${Math.round(percent)}%`;
}

/** How long something took: ms and s as a reply's figures have them, then minutes and hours for a long run. */
export function formatSpan(ms: number): string {
  if (ms < 60_000) return formatMs(ms);
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

/** The whole prompt a usage stands for: `input` is the uncached part under every protocol. */
export const promptTokens = (usage: RunUsage): number => usage.input + usage.cacheRead + usage.cacheWrite;

/** A run's length from its first request's start to its last one's end; undefined while one is in flight. */
export function runDuration(run: Pick<RunSummary, 'startedAt' | 'endedAt'>): number | undefined {
  if (!run.endedAt) return undefined;
  return Math.max(0, Date.parse(run.endedAt) - Date.parse(run.startedAt));
}

/** A cost in dollars; "no price" where the model has none in the catalog. */
export const formatCost = (usd: number | null): string => (usd === null ? 'no price' : formatUsd(usd));

/** A run's status in words. */
export const RUN_STATUS_LABEL: Record<RunSummary['status'], string> = {
  streaming: 'running',
  complete: 'complete',
  error: 'failed',
};

/**
 * The run page's figures, label and value. `≈` marks the token counts and the cost when
 * any step's usage was counted or estimated (its provider never said).
 */
export function runFigureList(run: RunDetail): [string, string][] {
  const about = run.steps.some((s) => s.usageEstimated) ? '≈' : '';
  const duration = runDuration(run);
  return [
    ['Requests', formatCount(run.requests)],
    ['Duration', duration === undefined ? 'running' : formatSpan(duration)],
    ['Tokens in', about + formatCount(promptTokens(run.usage))],
    ['Tokens out', about + formatCount(run.usage.output)],
    ['Cache hit rate', formatRate(run.cache.hitRate) ?? 'no input'],
    ['Cache reads', about + formatCount(run.cache.reads)],
    ['Cache writes', about + formatCount(run.cache.writes)],
    ['Uncached', about + formatCount(run.cache.uncached)],
    ['Cache savings', run.cache.savings === null ? 'no price' : formatUsd(run.cache.savings)],
    ['Cost', run.cost === null ? 'no price' : about + formatUsd(run.cost)],
  ];
}

/** A step's figures for its detail: when it ran within the run, its times, tokens, cache and cost. */
export function stepFigureList(step: RunStep, runStart: number): [string, string][] {
  const about = step.usageEstimated ? '≈' : '';
  const { timings } = step;
  return [
    ['Started', `+${formatSpan(Math.max(0, Date.parse(step.startedAt) - runStart))}`],
    ...(timings.firstToken !== undefined ? [['Time to first token', formatMs(timings.firstToken)] as [string, string]] : []),
    ['Duration', timings.end !== undefined ? formatSpan(timings.end) : 'running'],
    ['Tokens in', about + formatCount(promptTokens(step.usage))],
    ['Tokens out', about + formatCount(step.usage.output)],
    ['Cache hit rate', formatRate(step.cache.hitRate) ?? 'no input'],
    ['Cache reads', about + formatCount(step.cache.reads)],
    ['Cache writes', about + formatCount(step.cache.writes)],
    ['Cost', step.cost === null ? 'no price' : about + formatUsd(step.cost)],
  ];
}

/** One figure of two runs side by side: A's, B's, and B − A. */
export interface DiffFigureRow {
  label: string;
  a: string;
  b: string;
  /** B − A, signed ("+1,204", "−3 pts"); "—" where either lacks the figure. */
  delta: string;
  /** Whether B did better, to tint the difference: less time, tokens and cost are better; more cache reads and hits are. */
  verdict: 'better' | 'worse' | 'same' | 'unknown';
}

const MINUS = '−';

/** A signed difference: "+12", "−3", "0". */
function signed(delta: number, format: (n: number) => string): string {
  if (delta === 0) return format(0);
  return `${delta > 0 ? '+' : MINUS}${format(Math.abs(delta))}`;
}

/** What `delta` says of B, for a figure where `more` or `less` is better. */
const verdictOf = (delta: number | null, good: 'more' | 'less'): DiffFigureRow['verdict'] => {
  if (delta === null) return 'unknown';
  if (delta === 0) return 'same';
  return delta > 0 === (good === 'more') ? 'better' : 'worse';
};

/** The diff page's figures: each run's and the difference, as the server worked it out (B − A). */
export function diffFigureRows(diff: RunDiff): DiffFigureRow[] {
  const { a, b, figures } = diff;
  const row = (
    label: string,
    [valueA, valueB]: [string, string],
    delta: number | null,
    format: (n: number) => string,
    good: 'more' | 'less' = 'less',
  ): DiffFigureRow => ({
    label,
    a: valueA,
    b: valueB,
    delta: delta === null ? '—' : signed(delta, format),
    verdict: verdictOf(delta, good),
  });
  const both = <T>(read: (run: RunSummary) => T, format: (value: T) => string): [string, string] => [
    format(read(a)),
    format(read(b)),
  ];
  const duration = (run: RunSummary) => {
    const ms = runDuration(run);
    return ms === undefined ? 'running' : formatSpan(ms);
  };
  return [
    row(
      'Requests',
      both((r) => r.requests, formatCount),
      figures.requests,
      formatCount,
    ),
    row('Duration', [duration(a), duration(b)], figures.duration, formatSpan),
    row(
      'Tokens in (uncached)',
      both((r) => r.usage.input, formatCount),
      figures.input,
      formatCount,
    ),
    row(
      'Cache reads',
      both((r) => r.usage.cacheRead, formatCount),
      figures.cacheRead,
      formatCount,
      'more',
    ),
    row(
      'Cache writes',
      both((r) => r.usage.cacheWrite, formatCount),
      figures.cacheWrite,
      formatCount,
    ),
    row(
      'Tokens out',
      both((r) => r.usage.output, formatCount),
      figures.output,
      formatCount,
    ),
    row(
      'Cache hit rate',
      both(
        (r) => r.cache.hitRate,
        (rate) => formatRate(rate) ?? 'no input',
      ),
      figures.hitRate === null ? null : figures.hitRate * 100,
      (points) => `${Math.round(points)} pts`,
      'more',
    ),
    row(
      'Cost',
      both((r) => r.cost, formatCost),
      figures.cost,
      formatUsd,
    ),
  ];
}
