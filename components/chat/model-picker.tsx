'use client';

import { useState } from 'react';
import type { PublicProvider } from '@/lib/providers/types';
import { SearchBox } from '../search-box';

/** Past this many models, a filter box narrows the list. */
const SEARCHABLE_FROM = 30;

const SEPARATOR = '::';

/** Combobox "Model": every provider's models, grouped by provider; a filter when the list is long. */
export function ModelPicker({ providers, value, onChange, disabled }: { providers: PublicProvider[]; value?: { provider: string; model: string }; onChange: (provider: string, model: string) => void; disabled?: boolean }) {
  const [filter, setFilter] = useState('');
  const total = providers.reduce((n, p) => n + p.models.length, 0);
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? providers
        .map((p) => ({ ...p, models: p.models.filter((m) => m.id.toLowerCase().includes(needle) || (value?.provider === p.id && value.model === m.id)) }))
        .filter((p) => p.models.length > 0 || p.name.toLowerCase().includes(needle))
    : providers;
  return (
    <span className="flex items-center gap-2">
      {total >= SEARCHABLE_FROM ? (
        <SearchBox label="Filter models" placeholder="Filter models" value={filter} onChange={setFilter} className="w-32 py-1.5" />
      ) : null}
      <select
      aria-label="Model"
      className="max-w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      value={value ? `${value.provider}${SEPARATOR}${value.model}` : ''}
      disabled={disabled}
      onChange={(e) => {
        const [provider, ...model] = e.target.value.split(SEPARATOR);
        onChange(provider!, model.join(SEPARATOR));
      }}
    >
      {shown.map((p) => (
        <optgroup key={p.id} label={p.name}>
          {p.models.map((m) => (
            <option key={m.id} value={`${p.id}${SEPARATOR}${m.id}`} title={m.description}>
              {m.id}
            </option>
          ))}
        </optgroup>
      ))}
      </select>
    </span>
  );
}
