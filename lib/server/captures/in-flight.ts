import 'server-only';

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
const KEY = Symbol.for('sluice.captures-in-flight');

export function inFlight(): Set<InFlight> {
  const holder = globalThis as { [KEY]?: Set<InFlight> };
  return (holder[KEY] ??= new Set());
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
