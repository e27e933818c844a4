import 'server-only';

/** How a replay is timed: each read at its recorded time divided by `speed`; `instant` (speed Infinity) all at once. */
export type Pace = { speed: number };

/** `?pace=recorded` (the default), `?pace=2x` (or `0.5x`), `?pace=instant`; anything else is undefined (a 400). */
export function readPace(value: string | null): Pace | undefined {
  if (value === null || value === '' || value === 'recorded') return { speed: 1 };
  if (value === 'instant') return { speed: Infinity };
  const multiple = /^(\d+(?:\.\d+)?)x$/.exec(value);
  const speed = multiple ? Number(multiple[1]) : NaN;
  return speed >= 0.01 && speed <= 1000 ? { speed } : undefined;
}
