import type { ModelInfo, PublicProvider } from '@/lib/api/providers';

/** Providers that offer the very same models, shown once for all of them. */
export interface ModelGroup {
  /** "Simulator" for "Simulator · Gemini", "Simulator · OpenAI Chat", …: the name they share, else every name. */
  title: string;
  providers: { provider: PublicProvider; label: string }[];
  models: ModelInfo[];
  /** Set for a provider whose models could not be listed: it stands alone. */
  error?: string;
}

const SEPARATOR = ' · ';

/** The first part of a name ("Simulator" of "Simulator · Gemini"), when it has parts. */
const head = (name: string) => (name.includes(SEPARATOR) ? name.slice(0, name.indexOf(SEPARATOR)) : undefined);

function titled(providers: PublicProvider[], models: ModelInfo[], error?: string): ModelGroup {
  const shared = head(providers[0]!.name);
  const common = providers.length > 1 && shared !== undefined && providers.every((p) => head(p.name) === shared);
  return {
    title: common ? shared : providers.map((p) => p.name).join(', '),
    providers: providers.map((provider) => ({
      provider,
      label: common ? provider.name.slice(shared.length + SEPARATOR.length) : provider.name,
    })),
    models,
    ...(error ? { error } : {}),
  };
}

/**
 * The providers grouped by the models they offer, in the order they are listed: the
 * four simulators offer the same fifteen, and listing them four times, descriptions
 * and all, was a wall of text. A model's description is its first provider's.
 */
export function groupByModels(providers: PublicProvider[]): ModelGroup[] {
  const groups = new Map<string, PublicProvider[]>();
  for (const provider of providers) {
    // A provider without models (or whose listing failed) is a group of its own.
    const key =
      provider.modelsError || provider.models.length === 0 ? `\0${provider.id}` : provider.models.map((m) => m.id).join('\n');
    groups.set(key, [...(groups.get(key) ?? []), provider]);
  }
  return [...groups.values()].map((members) => titled(members, members[0]!.models, members[0]!.modelsError));
}
