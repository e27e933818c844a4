import type { ReplyTimings } from '@/lib/api/conversations';

/**
 * A gap between two events longer than this is a stall (a reader notices half a
 * second): what the diff page's timeline draws, and what the server's traces say.
 */
export const STALL_MS = 500;

/** Where in the reply a stall fell, so it reads as "stalled 1.8 s after its thinking". */
export type StallPhase =
  'before its first token' | 'during its thinking' | 'after its thinking' | 'during its answer' | 'before its end';

export interface Stall {
  /** ms since the request started: the last event before the silence, and the first after it. */
  from: number;
  to: number;
  phase: StallPhase;
}

type PhaseTimings = Pick<ReplyTimings, 'firstToken' | 'firstAnswer' | 'lastToken'>;

function phaseOf(from: number, to: number, timings: PhaseTimings): StallPhase {
  const { firstToken, firstAnswer, lastToken } = timings;
  if (firstToken === undefined || from < firstToken) return 'before its first token';
  const thought = firstAnswer !== undefined && firstAnswer > firstToken;
  // The silence that ends with the answer's first token came after the thinking's last.
  if (thought && from < firstAnswer!) return to >= firstAnswer! ? 'after its thinking' : 'during its thinking';
  if (lastToken !== undefined && from >= lastToken) return 'before its end';
  return 'during its answer';
}

/**
 * The stalls of a stream whose events came at `times` (ms since its request started, in
 * order). Gaps are measured between events, not from the request: the wait for the
 * first byte is the time to first token, a figure of its own.
 */
export function stallsOf(times: ArrayLike<number>, timings: PhaseTimings): Stall[] {
  const stalls: Stall[] = [];
  for (let i = 1; i < times.length; i++) {
    const from = times[i - 1]!;
    const to = times[i]!;
    if (to - from > STALL_MS) stalls.push({ from, to, phase: phaseOf(from, to, timings) });
  }
  return stalls;
}
