import Link from 'next/link';
import type { RunSummary } from '@/lib/api/runs';
import { runHref } from '@/lib/client/runs/run-links';
import { formatCost, formatCount, formatRate, promptTokens } from '@/lib/client/runs/run-figures';
import { LINK } from './styles';
import { RunStatusBadge } from './run-status';
import { LocalTime } from '../ui/local-time';

const COLUMNS = ['Run', 'Started', 'Requests', 'Status', 'Tokens in', 'Tokens out', 'Cache hits', 'Cost'];
/** From this column on, figures: right-aligned in the table. */
const FIRST_FIGURE = 4;

/**
 * A figure's cell. On a phone the row is a card without the header row, so the cell names
 * itself there (`label`); elsewhere the column header does.
 */
function Figure({ label, children }: { label: string; children: string }) {
  return (
    <td className="px-2 py-1.5 text-right font-mono whitespace-nowrap max-md:p-0 max-md:text-left">
      <span className="mr-1 font-sans text-zinc-600 md:hidden dark:text-zinc-400">{label}</span>
      {children}
    </td>
  );
}

function RunRow({ run }: { run: RunSummary }) {
  return (
    <tr
      data-run-id={run.id}
      className={[
        'border-b border-zinc-200 align-baseline max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-3',
        'max-md:gap-y-0.5 max-md:px-3 max-md:py-2 dark:border-zinc-800',
      ].join(' ')}
    >
      <td className="min-w-0 px-2 py-1.5 break-words max-md:basis-full max-md:p-0">
        <Link href={runHref(run.id)} className={`font-medium ${LINK}`}>
          {run.name}
        </Link>
      </td>
      <td className="px-2 py-1.5 font-mono whitespace-nowrap text-zinc-600 max-md:p-0 dark:text-zinc-400">
        <LocalTime at={run.startedAt} />
      </td>
      <Figure label="Requests">{formatCount(run.requests)}</Figure>
      <td className="px-2 py-1.5 max-md:p-0">
        <RunStatusBadge status={run.status} />
      </td>
      <Figure label="In">{formatCount(promptTokens(run.usage))}</Figure>
      <Figure label="Out">{formatCount(run.usage.output)}</Figure>
      <Figure label="Cache hits">{formatRate(run.cache.hitRate) ?? '—'}</Figure>
      <Figure label="Cost">{formatCost(run.cost)}</Figure>
    </tr>
  );
}

/** The runs, newest first: a table named "Runs" (on a phone, a list of cards). */
export function RunTable({ runs }: { runs: RunSummary[] }) {
  return (
    <table aria-label="Runs" className="w-full border-collapse text-sm max-md:block">
      <thead className="max-md:sr-only">
        <tr className="border-b border-zinc-300 text-left text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {COLUMNS.map((name, i) => (
            <th
              key={name}
              scope="col"
              className={`px-2 py-1.5 font-medium whitespace-nowrap ${i >= FIRST_FIGURE || i === 2 ? 'text-right' : ''}`}
            >
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:block">
        {runs.map((run) => (
          <RunRow key={run.id} run={run} />
        ))}
      </tbody>
    </table>
  );
}
