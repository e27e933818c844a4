import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CaptureDetail } from '@/lib/api/captures';
import type { RunStep } from '@/lib/api/runs';
import type { ProtocolId } from '@/lib/protocols/ids';
import { turnDiff, type TurnDiff } from '@/lib/runs/turn-diff';
import { api } from '../api';

/** The step before `step` on its lane, whose request this one should extend; none for a lane's first. */
export function previousOnLane(steps: RunStep[], step: RunStep): RunStep | undefined {
  return steps.filter((s) => s.lane === step.lane && s.step < step.step).at(-1);
}

export type TurnDiffState = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; diff: TurnDiff };

/** A capture's request body, parsed, with the protocol that reads it; or why there is none to read. */
function requestOf(capture: CaptureDetail | null, which: string): { protocol: ProtocolId; body: unknown } | string {
  if (!capture) return `The ${which} capture is gone: deleted, or past the retention.`;
  if (capture.request.body.truncated) return `The ${which} request was bigger than the capture keeps: its body is cut.`;
  if (!capture.protocol) return `The ${which} request is no known protocol’s: it cannot be read as a prompt.`;
  try {
    return { protocol: capture.protocol, body: JSON.parse(capture.request.body.text) as unknown };
  } catch {
    return `The ${which} request’s body is not JSON.`;
  }
}

/** The diff, or what stopped it: a body its protocol's reader did not expect is that step's problem, not the page's. */
function compared(diff: () => TurnDiff): TurnDiffState {
  try {
    return { state: 'ready', diff: diff() };
  } catch (error) {
    return { state: 'failed', message: `Cannot compare the two requests: ${(error as Error).message}` };
  }
}

/** One capture whole, kept: a request never changes once sent. */
const useStepCapture = (id: string | undefined) =>
  useQuery({
    queryKey: ['runs', 'capture', id],
    queryFn: () => api.capture(id!),
    enabled: id !== undefined,
    staleTime: Infinity,
  });

/**
 * What `step`'s request added over the `previous` one on its lane, and what changed in the
 * part meant to stay (lib/runs/turn-diff.ts, section by section as the provider's cache
 * reads a prompt): both captures are read whole, since a step's figures do not carry its request.
 */
export function useTurnDiff(step: RunStep, previous: RunStep | undefined): TurnDiffState {
  const now = useStepCapture(step.captureId);
  const before = useStepCapture(previous?.captureId);
  return useMemo((): TurnDiffState => {
    if (now.isError) return { state: 'failed', message: `Cannot read this step’s capture: ${now.error.message}` };
    if (before.isError) return { state: 'failed', message: `Cannot read the previous step’s capture: ${before.error.message}` };
    if (now.data === undefined || (previous && before.data === undefined)) return { state: 'loading' };
    const request = requestOf(now.data, 'this step’s');
    if (typeof request === 'string') return { state: 'failed', message: request };
    if (!previous) return compared(() => turnDiff(request.protocol, undefined, request.body));
    const earlier = requestOf(before.data ?? null, 'previous step’s');
    if (typeof earlier === 'string') return { state: 'failed', message: earlier };
    if (earlier.protocol !== request.protocol)
      return { state: 'failed', message: 'The previous request spoke another protocol: their prompts cannot be compared.' };
    return compared(() => turnDiff(request.protocol, earlier.body, request.body));
  }, [now.isError, now.error, now.data, before.isError, before.error, before.data, previous]);
}
