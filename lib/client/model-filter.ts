import type { PublicProvider } from '@/lib/api/providers';

/** What a model is found by: its id and name, its description, and its provider's name and id. */
const haystack = (provider: PublicProvider, model: PublicProvider['models'][number]) =>
  `${model.id} ${model.name ?? ''} ${model.description ?? ''} ${provider.name} ${provider.id}`.toLowerCase();

/**
 * The providers and models that match every word of `query` ("gemini think" finds
 * sim-thinking on the Gemini simulator), each provider keeping its own order; providers
 * left with no model are dropped. `keep` (the model chosen) always stays, so the
 * picker never shows a value it has no option for.
 */
export function filterModels(providers: PublicProvider[], query: string, keep?: { provider: string; model: string }) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return providers;
  return providers
    .map((p) => ({
      ...p,
      models: p.models.filter((m) => {
        if (keep?.provider === p.id && keep.model === m.id) return true;
        const text = haystack(p, m);
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((p) => p.models.length > 0);
}
