import 'server-only';

/**
 * One value per server process, made by whichever caller asks first. Next.js bundles
 * instrumentation and each route apart, each with its own module state, so a module's
 * own `let` would be one per bundle: the value lives on globalThis under a registered
 * symbol instead (`sluice.{name}`), the same one in every bundle.
 */
export function processSingleton<T>(name: string, make: () => T): T {
  const holder = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(`sluice.${name}`);
  if (!(key in holder)) holder[key] = make();
  return holder[key] as T;
}

/** The value made for `name`, if one was: for what must not make one (a stop with nothing started). */
export function existingSingleton<T>(name: string): T | undefined {
  return (globalThis as Record<symbol, unknown>)[Symbol.for(`sluice.${name}`)] as T | undefined;
}

/** Forgets the value made for `name`: the next caller makes another (after a failed open, or a stopped worker). */
export function forgetSingleton(name: string): void {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for(`sluice.${name}`)];
}

/**
 * A promise made once per process that is made again after it fails: a store that
 * could not open is tried again by the next request, not failed forever.
 */
export function processPromise<T>(name: string, make: () => Promise<T>): Promise<T> {
  return processSingleton(name, () =>
    make().catch((error: unknown) => {
      forgetSingleton(name);
      throw error;
    }),
  );
}
