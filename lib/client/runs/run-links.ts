/** The runs pages' addresses, made in one place. */

/** A run's page, at one of its steps when given (`?step=N` opens that step's detail). */
export const runHref = (id: string, step?: number) =>
  `/runs/${encodeURIComponent(id)}${step === undefined ? '' : `?step=${step}`}`;

/** Two runs' diff: A is the run diffed, B the one it is diffed with. */
export const runDiffHref = (a: string, b: string) => `/runs/diff?${new URLSearchParams({ a, b })}`;
