import type { ModelInfo, PublicProvider } from '@/lib/api/providers';
import { choiceKey } from './model-choice';

/** One option of the model picker's list: its key (`provider::model`), its provider and its model. */
export interface ModelOption {
  key: string;
  provider: PublicProvider;
  model: ModelInfo;
}

/** The picker's list, a group per provider in the providers' order; a provider with nothing to pick is no group. */
export function optionGroups(providers: PublicProvider[]): { provider: PublicProvider; options: ModelOption[] }[] {
  return providers
    .filter((p) => p.models.length > 0)
    .map((provider) => ({
      provider,
      options: provider.models.map((model) => ({ key: choiceKey({ provider: provider.id, model: model.id }), provider, model })),
    }));
}

export type Step = 'next' | 'previous' | 'first' | 'last';

/**
 * The option the keyboard moves to from `active` (a key; none: nothing active yet):
 * the arrows go on past either end to the other, as a native select's list does not
 * but the ARIA combobox pattern's examples do. None when there is no option.
 */
export function stepActive(options: readonly ModelOption[], active: string | undefined, step: Step): string | undefined {
  if (options.length === 0) return undefined;
  const at = options.findIndex((o) => o.key === active);
  const last = options.length - 1;
  const index =
    step === 'first'
      ? 0
      : step === 'last'
        ? last
        : at < 0
          ? step === 'next'
            ? 0
            : last
          : step === 'next'
            ? (at + 1) % options.length
            : (at - 1 + options.length) % options.length;
  return options[index]!.key;
}

/** A model as the picker names it: its name where its id says little, else its id. */
export const modelName = (model: ModelInfo) => model.name ?? model.id;
