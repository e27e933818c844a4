import 'server-only';
import { processSingleton } from '@/lib/server/platform/process-singleton';

/** Distinct values a label keeps; past them, a new value counts as `_OTHER`. */
export const MAX_LABEL_VALUES = 100;

/** The conventions' word for a value past a bound, or one not known. */
export const OTHER = '_OTHER';

/**
 * A metric label's value, kept within MAX_LABEL_VALUES per label: a model name comes from
 * the app's request body through the proxy, and an app (or a typo loop) must not be able
 * to grow a time series per request. The first values seen keep their own series; later
 * new ones share `_OTHER`. Ids never go in labels at all.
 */
export function bounded(label: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const seen = processSingleton('telemetry-label-values', () => new Map<string, Set<string>>());
  let values = seen.get(label);
  if (!values) seen.set(label, (values = new Set()));
  if (values.has(value)) return value;
  if (values.size >= MAX_LABEL_VALUES) return OTHER;
  values.add(value.slice(0, 200));
  return value.slice(0, 200);
}
