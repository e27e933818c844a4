import { REPLAY_PROVIDER, type PublicProvider, type ReplayOf } from '@/lib/api/providers';

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

/** What the picker shows chosen: a model, and for a replay the recording's provider and model it re-runs. */
export type PickedModel = ModelChoice & { replayOf?: ReplayOf };

/**
 * The providers and models the picker offers, with `choice` among them. The replay
 * provider's recordings are no models to pick (a replay is reached from its recording),
 * so it offers only the one chosen, named by what it re-runs: "sim-echo" under
 * "Simulator · OpenAI Chat (replay)". A model chosen that the list does not name (a model
 * discovery no longer finds) is added to its provider, by its id, so the picker shows
 * what will be asked, never another model in its place.
 */
export function offering(providers: PublicProvider[], choice: PickedModel | undefined): PublicProvider[] {
  const models = providers.filter((p) => p.id !== REPLAY_PROVIDER);
  if (!choice) return models;
  if (choice.provider === REPLAY_PROVIDER) return [...models, replayGroup(providers, choice)];
  const provider = models.find((p) => p.id === choice.provider);
  if (provider?.models.some((m) => m.id === choice.model)) return models;
  const added = { id: choice.model };
  if (provider) return models.map((p) => (p === provider ? { ...p, models: [...p.models, added] } : p));
  return [...models, { id: choice.provider, name: choice.provider, builtin: false, hasKey: false, models: [added] }];
}

/** The replay being chosen, as a group of one: its recording's model under its recording's provider, "(replay)". */
function replayGroup(providers: PublicProvider[], choice: PickedModel): PublicProvider {
  const replay = providers.find((p) => p.id === REPLAY_PROVIDER);
  const of = choice.replayOf;
  const recordedBy = of && (providers.find((p) => p.id === of.provider)?.name ?? of.provider);
  return {
    id: REPLAY_PROVIDER,
    builtin: true,
    hasKey: false,
    ...replay,
    // Without what it re-runs (a reply stored before replays said), it is named for what it is.
    name: recordedBy ? `${recordedBy} (replay)` : 'Replay',
    models: [
      {
        id: choice.model,
        name: of?.model || 'This chat’s recording',
        description: 'Its recording, streamed again at its recorded pace',
      },
    ],
  };
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
