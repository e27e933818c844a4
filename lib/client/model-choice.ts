import { REPLAY_PROVIDER, type PublicProvider } from '@/lib/api/providers';

/** A model picked from a provider. */
export interface ModelChoice {
  provider: string;
  model: string;
}

const SEPARATOR = '::';
const STORAGE_KEY = 'sluice-model';

/** A choice as one string, `provider::model` (the model picker's option values, and what is remembered). */
export const choiceKey = ({ provider, model }: ModelChoice) => `${provider}${SEPARATOR}${model}`;

/** Back from `provider::model`; a model id may itself hold the separator, a provider id does not. */
export function parseChoice(key: string): ModelChoice | undefined {
  const at = key.indexOf(SEPARATOR);
  return at > 0 ? { provider: key.slice(0, at), model: key.slice(at + SEPARATOR.length) } : undefined;
}

/**
 * The providers with `choice` among their models: a model chosen that the list does not
 * name (a recording replayed that is older than the replay provider's recent ones, a
 * model discovery no longer finds) is added to its provider, by its id, so the picker
 * shows what will be asked, never another model in its place.
 */
export function offering(providers: PublicProvider[], choice: ModelChoice | undefined): PublicProvider[] {
  if (!choice) return providers;
  const provider = providers.find((p) => p.id === choice.provider);
  if (provider?.models.some((m) => m.id === choice.model)) return providers;
  // A recording's id says nothing to a reader: it is named for what it is until the
  // replay provider lists it (by its title) on the next page load.
  const added = choice.provider === REPLAY_PROVIDER ? { id: choice.model, name: 'This chat’s recording' } : { id: choice.model };
  if (provider) return providers.map((p) => (p === provider ? { ...p, models: [...p.models, added] } : p));
  return [...providers, { id: choice.provider, name: choice.provider, builtin: false, hasKey: false, models: [added] }];
}

/** Storage that may be missing or refuse (private windows, a full quota): remembering is a convenience, never an error. */
type Store = Pick<Storage, 'getItem' | 'setItem'>;
const browserStorage = (): Store | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** Remembers the model the user picked last, for the next new chat (a recording replayed is not one to start a chat on). */
export function rememberChoice(choice: ModelChoice, storage = browserStorage()): void {
  if (choice.provider === REPLAY_PROVIDER) return;
  try {
    storage?.setItem(STORAGE_KEY, choiceKey(choice));
  } catch {
    // Not remembered: the next chat starts on the first model, as before.
  }
}

/** The model picked last, if these providers still offer it. */
export function rememberedChoice(providers: PublicProvider[], storage = browserStorage()): ModelChoice | undefined {
  let key: string | null | undefined;
  try {
    key = storage?.getItem(STORAGE_KEY);
  } catch {
    return undefined;
  }
  const choice = key ? parseChoice(key) : undefined;
  const offered = choice && providers.some((p) => p.id === choice.provider && p.models.some((m) => m.id === choice.model));
  return offered ? choice : undefined;
}

/** What a new chat starts with: the model picked last, else the first one offered. */
export function defaultChoice(providers: PublicProvider[], storage = browserStorage()): ModelChoice | undefined {
  const first = providers.find((p) => p.models.length > 0);
  return rememberedChoice(providers, storage) ?? (first ? { provider: first.id, model: first.models[0]!.id } : undefined);
}
