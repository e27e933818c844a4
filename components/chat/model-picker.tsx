'use client';

import { memo, useMemo, useState } from 'react';
import type { PublicProvider } from '@/lib/api/providers';
import { SearchBox } from '../search-box';

/** Past this many models, a filter box narrows the list. */
const SEARCHABLE_FROM = 30;

const SEPARATOR = '::';
/** An option's value: provider and model in one string, split back apart on change. */
const optionValue = (provider: string, model: string) => `${provider}${SEPARATOR}${model}`;

/**
 * The options, grouped by provider. Memoized: the picker renders again as a reply
 * starts and ends (it is disabled meanwhile), and its list of some sixty options
 * need not, in every pane of a race.
 */
const ModelOptions = memo(function ModelOptions({ shown }: { shown: PublicProvider[] }) {
  return shown.map((p) => (
    <optgroup key={p.id} label={p.name}>
      {p.models.map((m) => (
        <option key={m.id} value={optionValue(p.id, m.id)} title={m.description}>
          {m.id}
        </option>
      ))}
    </optgroup>
  ));
});

/** Combobox "Model": every provider's models, grouped by provider; a filter when the list is long. */
export function ModelPicker({
  providers,
  value,
  onChange,
  disabled,
}: {
  providers: PublicProvider[];
  value?: { provider: string; model: string };
  onChange: (provider: string, model: string) => void;
  disabled?: boolean;
}) {
  const [filter, setFilter] = useState('');
  const total = providers.reduce((n, p) => n + p.models.length, 0);
  const needle = filter.trim().toLowerCase();
  const chosen = value ? optionValue(value.provider, value.model) : '';
  const shown = useMemo(
    () =>
      needle
        ? providers
            .map((p) => ({
              ...p,
              models: p.models.filter((m) => m.id.toLowerCase().includes(needle) || chosen === optionValue(p.id, m.id)),
            }))
            .filter((p) => p.models.length > 0 || p.name.toLowerCase().includes(needle))
        : providers,
    [providers, needle, chosen],
  );
  return (
    <span className="flex items-center gap-2">
      {total >= SEARCHABLE_FROM ? (
        <SearchBox
          label="Filter models"
          placeholder="Filter models"
          value={filter}
          onChange={setFilter}
          className="w-32 py-1.5"
        />
      ) : null}
      <select
        aria-label="Model"
        className="max-w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        value={chosen}
        disabled={disabled}
        onChange={(e) => {
          const [provider, ...model] = e.target.value.split(SEPARATOR);
          onChange(provider!, model.join(SEPARATOR));
        }}
      >
        <ModelOptions shown={shown} />
      </select>
    </span>
  );
}
