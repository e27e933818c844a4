'use client';

import { RUN_HEADER, RUN_PATH_SEGMENT } from '@/lib/api/runs';
import { useOrigin } from '@/lib/client/use-origin';
import { MUTED } from './styles';

/** How to make a run: `npm run with`, the header, or the base URL; shown open while there is none. */
export function RunsHowTo({ open }: { open: boolean }) {
  const origin = useOrigin() || 'http://127.0.0.1:3000';
  return (
    <details open={open} className="rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
      <summary className="cursor-pointer font-medium">Record an agent’s run</summary>
      <div className="mt-2 flex flex-col gap-2 text-zinc-700 dark:text-zinc-300">
        <p>
          A run is one task of an agent: the requests it makes through Sluice’s recording proxy, grouped. Start the agent with
          Sluice in between and its run shows here, live:
        </p>
        <pre
          tabIndex={0}
          aria-label="Start an agent as a run"
          className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900"
        >
          npm run with -- {'<your agent command>'}
        </pre>
        <p>Or name the run in the app itself, with a header on each request, or in the base URL it is given:</p>
        <pre
          tabIndex={0}
          aria-label="Name a run yourself"
          className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900"
        >
          {[`${RUN_HEADER}: my task`, `${origin}/proxy/{provider}/${RUN_PATH_SEGMENT}/my-task/`].join('\n')}
        </pre>
        <p className={MUTED}>
          Requests named by neither are grouped by their conversation: each that extends an earlier one joins its run.
        </p>
      </div>
    </details>
  );
}
