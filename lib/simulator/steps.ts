// The bottom of the simulator: what a plan is made of, imported by the plan that makes it
// and by the encoders and the pacing that play it. It imports nothing.

/**
 * A scenario as a list of steps, independent of the wire format. Token steps
 * (thinking, text, tool-args) each take one slot of 1/tps seconds; the others are
 * instantaneous, except pauses.
 */
export type SimStep =
  | { kind: 'thinking'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'tool-start'; index: number; id: string; name: string }
  | { kind: 'tool-args'; index: number; text: string }
  | { kind: 'tool-end'; index: number; args: string }
  | { kind: 'pause'; ms: number }
  | { kind: 'keepalive' }
  | { kind: 'malformed' }
  | { kind: 'finish'; reason: FinishReason }
  | { kind: 'error'; message: string }
  | { kind: 'cut' };

export type FinishReason = 'stop' | 'length' | 'tool_calls';

export interface SimPlan {
  steps: SimStep[];
  tokensPerSecond: number;
  firstTokenDelayMs: number;
  seed: number;
  /** The seed of the stream's ids and padding: new per request unless the message names a `seed=` (plan.ts). */
  wireSeed: number;
}

export function isTokenStep(step: SimStep): boolean {
  return step.kind === 'thinking' || step.kind === 'text' || step.kind === 'tool-args';
}
