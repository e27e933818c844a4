import type { RunStep } from '@/lib/api/runs';

/**
 * Whether a step's request failed: it ended any way but whole (an upstream error, no
 * answer, a cassette miss, cut, interrupted, or the app hanging up early), or the upstream
 * answered an HTTP error, which a capture can record as `complete` ("429 complete").
 * A step still streaming has not failed. One rule, so a run's diff and its status agree.
 */
export function stepFailed(step: Pick<RunStep, 'status' | 'httpStatus'>): boolean {
  if (step.httpStatus !== undefined && step.httpStatus >= 400) return true;
  return step.status !== 'complete' && step.status !== 'streaming';
}
