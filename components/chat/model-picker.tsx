'use client';

import type { PublicProvider } from '@/lib/providers/types';

const SEPARATOR = '::';

/** Combobox "Model": every provider's models, grouped by provider. */
export function ModelPicker({ providers, value, onChange, disabled }: { providers: PublicProvider[]; value?: { provider: string; model: string }; onChange: (provider: string, model: string) => void; disabled?: boolean }) {
  return (
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
      {providers.map((p) => (
        <optgroup key={p.id} label={p.name}>
          {p.models.map((m) => (
            <option key={m.id} value={`${p.id}${SEPARATOR}${m.id}`} title={m.description}>
              {m.id}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
