import type { ReplyTimings } from '@/lib/api/conversations';

/**
 * A gap between two events longer than this is a stall (a reader notices half a
 * second): what the diff page's timeline draws, and what the server's traces say.
 */
export const STALL_MS = 500;

/** Where in the reply a stall fell, so it reads as "stalled 1.8 s after its thinking". */
export type StallPhase =
  'before any token' | 'during its thinking' | 'after its thinking' | 'during its answer' | 'before its end';

export interface Stall {
  /** ms since the request started: the last event before the silence, and the first after it. */
  from: number;
  to: number;
  phase: StallPhase;
}

type PhaseTimings = Pick<ReplyTimings, 'firstToken' | 'firstAnswer' | 'lastToken'>;

function phaseOf(from: number, to: number, timings: PhaseTimings): StallPhase {
  const { firstToken, firstAnswer, lastToken } = timings;
  // A silence before the first token is a slow start, not a stall (stallsOf): this is a reply that never had one.
  if (firstToken === undefined || from < firstToken) return 'before any token';
  const thought = firstAnswer !== undefined && firstAnswer > firstToken;
  // The silence that ends with the answer's first token came after the thinking's last.
  if (thought && from < firstAnswer!) return to >= firstAnswer! ? 'after its thinking' : 'during its thinking';
  if (lastToken !== undefined && from >= lastToken) return 'before its end';
  return 'during its answer';
}

/** A silence after the stream opened but before its first token: a slow start, a figure of its own. */
export interface SlowStart {
  from: number;
  to: number;
}

/**
 * The stalls of a stream whose events came at `times` (ms since its request started, in
 * order). Gaps are measured between events, not from the request: the wait for the
 * first byte is the time to first token, a figure of its own, and so is a silence after
 * the stream opened but before its first token (the slow start). A stall is a silence
 * once the reply has started, or in one that never did.
 */
export function stallsOf(times: ArrayLike<number>, timings: PhaseTimings): { stalls: Stall[]; slowStart?: SlowStart } {
  const stalls: Stall[] = [];
  let slowStart: SlowStart | undefined;
  const { firstToken } = timings;
  for (let i = 1; i < times.length; i++) {
    const from = times[i - 1]!;
    const to = times[i]!;
    if (to - from <= STALL_MS) continue;
    if (firstToken !== undefined && from < firstToken) slowStart = { from: slowStart?.from ?? from, to };
    else stalls.push({ from, to, phase: phaseOf(from, to, timings) });
  }
  return { stalls, ...(slowStart ? { slowStart } : {}) };
}
