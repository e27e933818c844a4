import type { CaptureStatus } from '@/lib/api/captures';
import type { RunStep } from '@/lib/api/runs';
import { stepFailed } from '@/lib/runs/step-failed';
import { formatSpan } from './run-figures';

/**
 * A run's steps on one time axis: x is the time since the run's first request started,
 * each step a bar from its start to its end, each lane a row. Worked out here, apart from
 * drawing, so the page's picture and its words (the bars' labels) say the same.
 */

/** A lane's name: the agent's own line, then each subagent branch by its number. */
export const laneName = (lane: number): string => (lane === 0 ? 'Main' : `Subagent ${lane}`);

/** How a step's bar is coloured: the few kinds a reader tells apart at a glance. */
export type StepTone = 'streaming' | 'complete' | 'failed' | 'stopped';

/** Failed: the upstream erred or never answered; stopped: cut short on our side or the app's. */
const STOPPED: CaptureStatus[] = ['client-closed', 'cut', 'interrupted'];

export function stepTone(step: Pick<RunStep, 'status' | 'httpStatus'>): StepTone {
  if (step.status === 'streaming') return 'streaming';
  if (!stepFailed(step)) return 'complete';
  return STOPPED.includes(step.status) && !(step.httpStatus !== undefined && step.httpStatus >= 400) ? 'stopped' : 'failed';
}

export const TONE_LABEL: Record<StepTone, string> = {
  streaming: 'streaming',
  complete: 'complete',
  failed: 'failed',
  stopped: 'ended early',
};

export interface TimelineBar {
  step: number;
  lane: number;
  /** ms since the run started. */
  start: number;
  end: number;
  /** Where the bar sits on the axis, in percent of its width. */
  left: number;
  width: number;
  tone: StepTone;
  /** What a screen reader hears for the bar (and a pointer sees as its title). */
  label: string;
}

export interface TimelineTick {
  at: number;
  left: number;
  label: string;
}

export interface Timeline {
  /** The lanes in order, each with its bars in step order. */
  lanes: { lane: number; name: string; bars: TimelineBar[] }[];
  /** The axis' length in ms: the last end, never 0. */
  span: number;
  ticks: TimelineTick[];
  /** The whole picture in a sentence, for its accessible name. */
  summary: string;
}

/** A tick every 1, 2 or 5 × 10ⁿ ms, so that about `count` of them cover the span. */
export function tickStep(span: number, count = 5): number {
  const rough = Math.max(span / count, 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  return step;
}

/** A tick's words: whole seconds where the step is, else what formatSpan says. */
function tickLabel(at: number, step: number): string {
  if (at === 0) return '0';
  if (step >= 1000 && at < 60_000) return `${at / 1000} s`;
  return formatSpan(at);
}

/**
 * The timeline of `steps`. A step still streaming runs to `now` (the time its figures were
 * read), so its bar grows as the page reads the run again; without `now` (the server's
 * render), and for an ended step without an end time (no answer came), a bar is as long
 * as the step's last known time.
 */
export function timelineOf(steps: RunStep[], now?: number): Timeline {
  if (steps.length === 0) return { lanes: [], span: 1, ticks: [], summary: 'Timeline: no steps yet.' };
  const runStart = Math.min(...steps.map((s) => Date.parse(s.startedAt)));
  const raw = steps.map((s) => {
    const start = Date.parse(s.startedAt) - runStart;
    const { end, lastToken, firstToken, firstByte } = s.timings;
    const known = lastToken ?? firstToken ?? firstByte ?? 0;
    const length =
      end ?? (s.status === 'streaming' && now !== undefined ? Math.max(known, now - Date.parse(s.startedAt)) : known);
    return { step: s, start, end: start + Math.max(0, length) };
  });
  const span = Math.max(1, ...raw.map((r) => r.end));
  const percent = (ms: number) => (ms / span) * 100;
  const lanes = [...new Set(steps.map((s) => s.lane))].sort((x, y) => x - y);
  const bars = raw.map(({ step, start, end }): TimelineBar => {
    const tone = stepTone(step);
    const model = step.model ? `, ${step.model}` : '';
    const calls = step.toolCalls.length ? `, called ${step.toolCalls.map((c) => c.name).join(', ')}` : '';
    const from = step.lane !== 0 && step.parent !== null ? `, from step ${step.parent}` : '';
    return {
      step: step.step,
      lane: step.lane,
      start,
      end,
      left: percent(start),
      width: percent(end - start),
      tone,
      label: `Step ${step.step}, ${laneName(step.lane)}: ${formatSpan(start)} to ${formatSpan(end)}, ${TONE_LABEL[tone]}${model}${calls}${from}`,
    };
  });
  const every = tickStep(span);
  const ticks: TimelineTick[] = [];
  for (let at = 0; at <= span; at += every) ticks.push({ at, left: percent(at), label: tickLabel(at, every) });
  const failed = bars.filter((b) => b.tone === 'failed').length;
  const running = bars.filter((b) => b.tone === 'streaming').length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const summary =
    `Timeline: ${plural(steps.length, 'step')} on ${plural(lanes.length, 'lane')} over ${formatSpan(span)}` +
    `${failed ? `, ${failed} failed` : ''}${running ? `, ${running} streaming` : ''}.`;
  return {
    lanes: lanes.map((lane) => ({
      lane,
      name: laneName(lane),
      bars: bars.filter((b) => b.lane === lane).sort((x, y) => x.step - y.step),
    })),
    span,
    ticks,
    summary,
  };
}
