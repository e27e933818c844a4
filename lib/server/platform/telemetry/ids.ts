import 'server-only';
import { createHash } from 'node:crypto';

/**
 * Span ids made from Sluice's own ids, the same on every instance: a run's root span, a
 * subagent's lane, a capture's exchange. A request placed in a run on one instance finds
 * its parent's id without asking the one that made it.
 */
export function spanIdFor(kind: string, id: string): string {
  const hex = createHash('sha256').update(`${kind}:${id}`).digest('hex').slice(0, 16);
  return /^0+$/.test(hex) ? '0000000000000001' : hex;
}

/** A run's trace: its id is the run's (a UUIDv7, 128 bits, time-ordered like a trace id should be). */
export function traceIdForRun(runId: string): string {
  const hex = runId.replace(/-/g, '').toLowerCase();
  if (/^[0-9a-f]{32}$/.test(hex) && !/^0+$/.test(hex)) return hex;
  return createHash('sha256').update(`run:${runId}`).digest('hex').slice(0, 32);
}
