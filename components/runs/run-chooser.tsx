'use client';

import { useState, type ReactNode } from 'react';
import type { RunSummary } from '@/lib/api/runs';
import { useRunChoices } from '@/lib/client/runs/use-runs';
import { useDebounced } from '@/lib/client/use-debounced';
import { Button } from '@/components/ui/button';
import { SearchBox } from '../search-box';
import { MUTED } from './styles';

/**
 * Picks another run to diff with: words narrow the list (by name, on the server), a
 * combobox offers the newest that match, the first of them until another is picked, and
 * "Diff" goes. `children`: buttons before it (the dialog's Cancel).
 */
export function RunChooser({
  except,
  onPick,
  children,
}: {
  /** The run being diffed: not offered. */
  except: string;
  onPick: (id: string) => void;
  children?: ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [choice, setChoice] = useState<string>();
  const q = useDebounced(search.trim(), 250);
  const choices = useRunChoices(q);
  const runs: RunSummary[] = (choices.data?.items ?? []).filter((r) => r.id !== except);
  const picked = runs.some((r) => r.id === choice) ? choice : runs[0]?.id;
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (picked) onPick(picked);
      }}
    >
      <SearchBox label="Find a run" placeholder="Words in its name" value={search} onChange={setSearch} />
      <select
        aria-label="Run to diff with"
        value={picked ?? ''}
        disabled={runs.length === 0}
        onChange={(e) => setChoice(e.target.value)}
        className="min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {runs.map((run) => (
          <option key={run.id} value={run.id}>
            {run.name} · {run.requests} {run.requests === 1 ? 'request' : 'requests'}
          </option>
        ))}
      </select>
      {choices.isPending ? <p className={MUTED}>Loading runs…</p> : null}
      {choices.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Cannot load runs: {choices.error.message}
        </p>
      ) : null}
      {choices.isSuccess && runs.length === 0 ? (
        <p className={MUTED}>{q ? 'No other run’s name has these words.' : 'No other run yet.'}</p>
      ) : null}
      <div className="mt-2 flex justify-end gap-2">
        {children}
        <Button type="submit" disabled={!picked} className="rounded bg-sky-700 px-3 py-1 text-sm text-white disabled:opacity-50">
          Diff
        </Button>
      </div>
    </form>
  );
}
