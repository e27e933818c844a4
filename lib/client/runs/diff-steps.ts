import type { AlignedSteps, DivergenceKind, FirstDivergence, RunStep } from '@/lib/api/runs';
import { clip } from '@/lib/runs/step-divergence';

/** How two runs' steps first differ, in words: the callout's "Step 3: different arguments". */
export const DIVERGENCE_WORDS: Record<DivergenceKind, string> = {
  tool: 'different tools called',
  arguments: 'different arguments',
  text: 'different text',
  model: 'a different model',
  error: 'one failed, the other did not',
  length: 'a step only one run has',
};

/** The first divergence in a line: "Step 3: different arguments — A: get_weather: city "Paris" · B: …". */
export function divergenceLine(found: FirstDivergence): { headline: string; a: string; b: string } {
  return { headline: `Step ${found.step}: ${DIVERGENCE_WORDS[found.kind]}`, a: found.a, b: found.b };
}

/** A pair of aligned steps, marked: the same in both, different, or a step only one run has. */
export type PairMark = 'same' | 'different' | 'only in A' | 'only in B';

export function pairMark(pair: AlignedSteps): PairMark {
  if (!pair.b) return 'only in A';
  if (!pair.a) return 'only in B';
  return pair.same ? 'same' : 'different';
}

/** What a step did, in brief: the tools it called with their arguments, or the start of its text, or how it failed. */
export function stepBrief(step: RunStep): string {
  if (step.toolCalls.length) return clip(step.toolCalls.map((c) => `${c.name}(${c.arguments})`).join(', '), 160);
  if (step.error) return clip(step.error, 160);
  return step.text ? clip(step.text, 160) : 'no tool calls or text';
}
