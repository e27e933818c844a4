'use client';

import { memo, useId, useMemo, useState } from 'react';
import type { PublicProvider } from '@/lib/api/providers';
import { choiceKey, offering, parseChoice, rememberChoice, type ModelChoice } from '@/lib/client/model-choice';
import { filterModels } from '@/lib/client/model-filter';

/** Past this many models, a search box narrows the list. */
const SEARCHABLE_FROM = 9;

/**
 * The options, grouped by provider. Memoized: the picker renders again as a reply
 * starts and ends (it is disabled meanwhile), and its list of some sixty options
 * need not, in every pane of a race.
 */
const ModelOptions = memo(function ModelOptions({ shown }: { shown: PublicProvider[] }) {
  // A provider with nothing to pick (the replay provider before anything is recorded) is no group.
  return shown
    .filter((p) => p.models.length > 0)
    .map((p) => (
      <optgroup key={p.id} label={p.name}>
        {p.models.map((m) => (
          <option key={m.id} value={choiceKey({ provider: p.id, model: m.id })} title={m.description}>
            {m.name ?? m.id}
          </option>
        ))}
      </optgroup>
    ));
});

/**
 * Combobox "Model": every provider's models grouped by provider, the chosen model's
 * provider beside it (its description), a "Search models" box when the list is long.
 * A native select: the platform's own list on a phone, its own keyboard and screen
 * reader support everywhere. What the user picks is remembered for the next chat.
 */
export function ModelPicker({
  providers: listed,
  value,
  onChange,
  disabled,
  className = '',
}: {
  providers: PublicProvider[];
  value?: ModelChoice;
  onChange: (provider: string, model: string) => void;
  disabled?: boolean;
  /** Where it sits in its parent's layout. */
  className?: string;
}) {
  const [query, setQuery] = useState('');
  const providerId = useId();
  const [chosenProvider, chosenModel] = [value?.provider, value?.model];
  const providers = useMemo(
    () => offering(listed, chosenProvider && chosenModel ? { provider: chosenProvider, model: chosenModel } : undefined),
    [listed, chosenProvider, chosenModel],
  );
  const total = providers.reduce((n, p) => n + p.models.length, 0);
  const shown = useMemo(
    () =>
      filterModels(
        providers,
        query,
        chosenProvider && chosenModel ? { provider: chosenProvider, model: chosenModel } : undefined,
      ),
    [providers, query, chosenProvider, chosenModel],
  );
  // The chosen model stays listed whatever the search: it is not counted as found.
  const found = useMemo(() => (query ? filterModels(providers, query).length : 1), [providers, query]);
  const provider = providers.find((p) => p.id === chosenProvider);
  // One bordered group (search, provider, model), each part shrinking where room is short (a compare pane); the
  // model least: it keeps room for its name. On a phone the search takes a line of its own above the other two
  // (squeezed beside them it left no room to read what is typed), and the provider and model share the line below
  // whatever the provider's name: it gives way (truncated, at most 40%), so the header keeps one height.
  const part = 'bg-transparent py-1.5 outline-sky-500 -outline-offset-2 focus-visible:outline-2';
  return (
    <span className={`flex min-w-0 items-center gap-2 ${className}`}>
      <span
        className={[
          'flex max-w-full min-w-0 flex-1 flex-wrap items-center rounded-md border border-zinc-300 bg-white',
          'sm:flex-nowrap dark:border-zinc-700 dark:bg-zinc-900',
        ].join(' ')}
      >
        {total >= SEARCHABLE_FROM ? (
          <input
            type="search"
            aria-label="Search models"
            placeholder="Search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className={[
              part,
              'w-full rounded-t-md border-b border-zinc-200 px-2 text-sm',
              'sm:w-32 sm:min-w-16 sm:rounded-tr-none sm:rounded-l-md sm:border-r sm:border-b-0 dark:border-zinc-700',
            ].join(' ')}
          />
        ) : null}
        <span className="flex w-full min-w-0 items-center sm:w-auto sm:flex-auto">
          {provider ? (
            <span
              id={providerId}
              title={provider.name}
              className="max-w-[40%] min-w-0 truncate border-r border-zinc-200 px-2 text-xs text-zinc-600 sm:max-w-64 dark:border-zinc-700 dark:text-zinc-400"
            >
              {provider.name}
            </span>
          ) : null}
          <select
            aria-label="Model"
            aria-describedby={provider ? providerId : undefined}
            className={`${part} min-w-0 flex-auto rounded-r-md px-2 text-sm sm:min-w-32 dark:bg-zinc-900`}
            value={value ? choiceKey(value) : ''}
            disabled={disabled}
            onChange={(e) => {
              const choice = parseChoice(e.target.value);
              if (!choice) return;
              rememberChoice(choice);
              onChange(choice.provider, choice.model);
            }}
          >
            <ModelOptions shown={shown} />
          </select>
        </span>
      </span>
      <span role="status" className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400 empty:sr-only">
        {found === 0 ? 'No model matches.' : null}
      </span>
    </span>
  );
}
