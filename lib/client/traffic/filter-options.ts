import type { CaptureFacet, CaptureSummary } from '@/lib/api/captures';
import type { CaptureFilters } from './use-captures';

const sorted = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => a.localeCompare(b));

/**
 * What the Traffic page's Provider and Model filters offer: the values that occur in
 * captures (those the server found as the page opened, and any the list has shown since,
 * live), never what the providers could offer: a filter on a model no capture has finds
 * nothing, and the replay provider's recordings are no models. The models are those of
 * the provider chosen, if one is. A value in the address stays offered, so the filter
 * shows what it filters on.
 */
export function filterOptions(
  facets: readonly CaptureFacet[],
  seen: readonly CaptureSummary[],
  value: CaptureFilters,
): { providers: string[]; models: string[] } {
  const occurring: CaptureFacet[] = [...facets, ...seen.map(({ provider, model }) => ({ provider, model }))];
  const providers = sorted([...occurring.map((f) => f.provider), ...(value.provider ? [value.provider] : [])]);
  const models = sorted([
    ...occurring.flatMap((f) => (f.model && (!value.provider || f.provider === value.provider) ? [f.model] : [])),
    ...(value.model ? [value.model] : []),
  ]);
  return { providers, models };
}
