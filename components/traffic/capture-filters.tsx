'use client';

import { CAPTURE_STATUSES, type CaptureStatus } from '@/lib/api/captures';
import { STATUS_LABEL } from '@/lib/client/traffic/capture-figures';
import type { CaptureFilters as Filters } from '@/lib/client/traffic/use-captures';
import { SearchBox } from '../search-box';

const select =
  'min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900 max-sm:w-full';

/**
 * The list's filters, each a labelled control: provider, status, model (the providers and
 * models that occur in captures: lib/client/traffic/filter-options.ts), and words searched
 * in the path, the model, the request's body and the reply's text.
 */
export function CaptureFilters({
  providers,
  models,
  value,
  onChange,
}: {
  /** The providers and models to offer: those that occur in captures. */
  providers: string[];
  models: string[];
  value: Filters;
  onChange: (next: Filters) => void;
}) {
  const set = (patch: Partial<Filters>) => {
    const next = { ...value, ...patch };
    for (const key of Object.keys(next) as (keyof Filters)[]) if (!next[key]) delete next[key];
    onChange(next);
  };
  return (
    <form
      role="search"
      aria-label="Filter captures"
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-2 gap-2 text-sm sm:flex sm:flex-wrap sm:items-end"
    >
      <label className="flex min-w-0 flex-col gap-0.5">
        <span className="text-xs text-zinc-600 dark:text-zinc-400">Provider</span>
        <select className={select} value={value.provider ?? ''} onChange={(e) => set({ provider: e.target.value })}>
          <option value="">All providers</option>
          {providers.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 flex-col gap-0.5">
        <span className="text-xs text-zinc-600 dark:text-zinc-400">Status</span>
        <select
          className={select}
          value={value.status ?? ''}
          onChange={(e) => set({ status: (e.target.value || undefined) as CaptureStatus | undefined })}
        >
          <option value="">All statuses</option>
          {CAPTURE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 flex-col gap-0.5">
        <span className="text-xs text-zinc-600 dark:text-zinc-400">Model</span>
        <select className={select} value={value.model ?? ''} onChange={(e) => set({ model: e.target.value })}>
          <option value="">All models</option>
          {models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 flex-col gap-0.5 sm:flex-1">
        <span className="text-xs text-zinc-600 dark:text-zinc-400">Search</span>
        <SearchBox
          label="Search captures"
          placeholder="Path, model, request or reply text"
          value={value.q ?? ''}
          onChange={(q) => set({ q })}
          className="w-full sm:min-w-48"
        />
      </label>
    </form>
  );
}
