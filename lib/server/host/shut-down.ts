import 'server-only';
import { repliesSettled } from '@/lib/server/store/settling-replies';
import { replyStreams } from '@/lib/server/chat/reply-streams';
import { interruptInFlight } from '@/lib/server/proxy/captures/in-flight';
import { endRunTraces } from '@/lib/server/proxy/runs/run-trace';
import { stopTelemetry } from '@/lib/server/platform/telemetry';

/** How long the last replies' writes may take before the process exits anyway. */
const LAST_WRITES_MS = 15_000;
/** How long the last spans and metrics may take to reach the collector. */
const LAST_EXPORT_MS = 1_500;
/** The bound on the whole shutdown: the last writes, and the streams' own ending before them. */
export const STOP_WITHIN_MS = LAST_WRITES_MS + LAST_EXPORT_MS + 2_000;

let stopping = false;

/**
 * The server is stopping: no new reply starts, every reply in flight is stopped ("the
 * server stopped") and stored, every exchange through the proxy ended and its capture
 * written (`interrupted`), the last spans and metrics sent, then the process exits. None is left `streaming`. Whatever
 * is still pending at STOP_WITHIN_MS, the process exits then: a server asked to stop
 * never stays.
 */
function stop(why: string): void {
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    console.error(`sluice: stopping took over ${STOP_WITHIN_MS} ms: exiting with writes unfinished`);
    process.exit(1);
  }, STOP_WITHIN_MS);
  // Under `npm start` (an IPC channel to the launcher), a second Ctrl-C stops at once: scripts/start.mjs.
  const again = process.connected ? ' (again to stop at once)' : '';
  console.log(`sluice: ${why}: storing the replies in flight, then exiting${again}`);
  void replyStreams()
    .shutDown()
    .then(() => Promise.all([repliesSettled(LAST_WRITES_MS), interruptInFlight(LAST_WRITES_MS)]))
    // Then the open runs' spans, and whatever spans and metrics are still to send.
    .then(() => (endRunTraces(), stopTelemetry(LAST_EXPORT_MS)))
    .catch((error: unknown) => console.error(`sluice: stopping: ${error instanceof Error ? error.message : String(error)}`))
    .finally(() => process.exit(0));
}

/**
 * Stops the server on SIGTERM and SIGINT, and on SIGHUP: a closed terminal hangs up on
 * its whole process group, and Node's default for SIGHUP is to exit on the spot, storing
 * nothing. Registered by instrumentation.ts, in place of Next.js's own handler (which
 * waits for open responses: a reply's stream could keep it for minutes).
 */
export function stopOnSignals(): void {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
}

/**
 * Stops the server when the launcher that started it is gone, however it went (SIGKILL
 * included): `npm start` (scripts/start.mjs) gives it an IPC channel, which the kernel
 * closes when the launcher's process ends. Node has no parent-death signal; this is the
 * one notice a child always gets.
 */
export function stopWithLauncher(): void {
  if (!process.send) return; // no channel: not started by the launcher
  if (!process.connected) stop('the launcher is gone');
  else process.once('disconnect', () => stop('the launcher is gone'));
}
