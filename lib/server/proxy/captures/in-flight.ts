import 'server-only';
import { processSingleton } from '@/lib/server/platform/process-singleton';

/** An exchange through the proxy not yet over: ending it writes its capture; `written` settles once that is done. */
export interface InFlight {
  interrupt(): void;
  written: Promise<unknown>;
}

/**
 * The proxy's exchanges in flight, so that a stopping server ends each (`interrupted`)
 * and waits for its capture to be written: none is left `streaming`. Shared through
 * globalThis: the proxy (instrumentation's bundle) and the shut-down share it.
 */
export function inFlight(): Set<InFlight> {
  return processSingleton('captures-in-flight', () => new Set<InFlight>());
}

/** How long an ended exchange's capture waits for the proxy to fall quiet before it is read anyway. */
const QUIET_WAIT_MS = 1000;

/**
 * How long the proxy must have had no exchange in flight to be quiet: when its last
 * exchange ends, the app may still be reading that answer's last bytes from its
 * socket's buffers, and an agent sends its next request once it has read one.
 */
const QUIET_FOR_MS = 100;

interface Waiting {
  resolves: (() => void)[];
  timer?: ReturnType<typeof setTimeout>;
  quiet?: ReturnType<typeof setTimeout>;
}
function waiting(): Waiting {
  return processSingleton<Waiting>('captures-waiting', () => ({ resolves: [] }));
}

function release(state: Waiting): void {
  clearTimeout(state.timer);
  clearTimeout(state.quiet);
  state.timer = state.quiet = undefined;
  for (const resolve of state.resolves.splice(0)) resolve();
}

/**
 * Resolves once no exchange has been in flight for QUIET_FOR_MS, or QUIET_WAIT_MS after
 * the first capture began to wait. Reading an ended stream's capture (decoding it,
 * storing it) takes more CPU than relaying it did: while other exchanges stream, it
 * waits for them, so that on a busy machine the app's bytes go first and the captures
 * are read in the lull after (docs/decisions.md: "Captures read in the proxy's lulls",
 * "The proxy at undici's dispatch level"). Each call restarts the quiet wait when none
 * is in flight: the last exchange to end asks after it left the set.
 */
export function whenQuiet(): Promise<void> {
  const state = waiting();
  return new Promise((resolve) => {
    state.resolves.push(resolve);
    if (!state.timer) {
      state.timer = setTimeout(() => release(state), QUIET_WAIT_MS);
      state.timer.unref?.();
    }
    if (inFlight().size > 0) return;
    clearTimeout(state.quiet);
    state.quiet = setTimeout(() => {
      if (inFlight().size === 0) release(state);
    }, QUIET_FOR_MS);
    state.quiet.unref?.();
  });
}

/** Ends every exchange in flight; resolves once their captures are written, or after `withinMs`. */
export async function interruptInFlight(withinMs: number): Promise<void> {
  const open = [...inFlight()];
  for (const exchange of open) exchange.interrupt();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(open.map((exchange) => exchange.written)),
    new Promise((resolve) => (timer = setTimeout(resolve, withinMs))),
  ]);
  clearTimeout(timer);
}
