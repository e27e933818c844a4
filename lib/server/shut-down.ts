import 'server-only';
import { repliesSettled } from './chat/settling-replies';
import { liveStreams } from './live';
import { interruptInFlight } from './captures/in-flight';

/** How long the last replies' writes may take before the process exits anyway. */
const LAST_WRITES_MS = 15_000;

/**
 * The server is stopping (SIGTERM, SIGINT): no new reply starts, every reply in flight
 * is stopped ("the server stopped") and stored, every exchange through the proxy ended
 * and its capture written (`interrupted`), then the process exits. None is left
 * `streaming`. Registered by instrumentation.ts, in place of Next.js's own handler
 * (which waits for open responses: a reply's stream could keep it for minutes).
 */
export function exitOnSignals(): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`sluice: ${signal}: storing the replies in flight, then exiting`);
      void liveStreams()
        .shutDown()
        .then(() => Promise.all([repliesSettled(LAST_WRITES_MS), interruptInFlight(LAST_WRITES_MS)]))
        .catch((error: unknown) => console.error(`sluice: stopping: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => process.exit(0));
    });
  }
}
