import { INTERVAL_MIN_VOTES, type LeaderboardRow } from '@/lib/api/votes';
import { intervalBars, type IntervalBar } from '@/lib/client/leaderboard';

const COLUMNS = ['Rank', 'Model', 'Score', '95 % interval', 'Wins', 'Losses', 'Ties', 'Votes'];
const whole = (n: number) => String(Math.round(n));

/** A count's cell; on a phone the header row is gone, so the cell names itself (`label`). */
function Count({ label, value }: { label: string; value: number }) {
  return (
    <td role="cell" className="px-2 py-1.5 text-right font-mono whitespace-nowrap max-md:order-4 max-md:p-0 max-md:text-left">
      <span className="mr-1 font-sans text-zinc-600 md:hidden dark:text-zinc-400">{label}</span>
      {value}
    </td>
  );
}

/** The interval as text and as a bar on the shared scale; under INTERVAL_MIN_VOTES votes, that there is none yet. */
function Interval({ row, bar }: { row: LeaderboardRow; bar: IntervalBar | undefined }) {
  if (row.low === null || row.high === null || !bar)
    return (
      <span className="text-zinc-600 dark:text-zinc-400" title={`An interval needs ${INTERVAL_MIN_VOTES} votes`}>
        not enough votes yet ({row.votes} of {INTERVAL_MIN_VOTES})
      </span>
    );
  return (
    <>
      <span className="font-mono whitespace-nowrap w-[9ch] shrink-0 text-zinc-700 dark:text-zinc-300">
        {whole(row.low)}–{whole(row.high)}
      </span>
      <span
        aria-hidden="true"
        className="relative h-2 w-32 shrink-0 rounded-full bg-zinc-200 max-md:w-auto max-md:min-w-16 max-md:flex-1 dark:bg-zinc-800"
      >
        <span
          className="absolute inset-y-0 rounded-full bg-sky-300 dark:bg-sky-800"
          style={{ left: `${bar.left}%`, width: `${bar.width}%` }}
        />
        <span
          className="absolute top-1/2 size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-sky-700 dark:bg-sky-300"
          style={{ left: `${bar.score}%` }}
        />
      </span>
    </>
  );
}

/**
 * The rated models, best first: a table named "Leaderboard" (on a phone, a card per
 * model). The interval is said in text, and drawn as a bar on a scale all rows share;
 * rows of one score share their rank.
 */
export function LeaderboardTable({ rows }: { rows: LeaderboardRow[] }) {
  const bars = intervalBars(rows);
  return (
    <table role="table" aria-label="Leaderboard" className="w-full border-collapse text-sm max-md:block">
      <thead className="max-md:sr-only">
        <tr
          role="row"
          className="border-b border-zinc-300 text-left text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
        >
          {COLUMNS.map((name, i) => (
            <th
              key={name}
              role="columnheader"
              scope="col"
              className={`px-2 py-1.5 font-medium whitespace-nowrap ${i === 0 || i >= 4 ? 'text-right' : ''}`}
            >
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:block">
        {rows.map((row, i) => {
          const bar = bars[i];
          return (
            <tr
              key={`${row.provider}\u0000${row.model}`}
              role="row"
              className={[
                'border-b border-zinc-200 align-middle max-md:flex max-md:flex-wrap max-md:items-baseline',
                'max-md:gap-x-3 max-md:gap-y-1 max-md:px-3 max-md:py-2 dark:border-zinc-800',
              ].join(' ')}
            >
              <td
                role="cell"
                className="px-2 py-1.5 text-right font-mono text-zinc-600 max-md:order-1 max-md:p-0 dark:text-zinc-400"
              >
                <span className="md:hidden">#</span>
                {row.rank}
              </td>
              <td role="cell" className="px-2 py-1.5 break-all max-md:order-1 max-md:basis-[calc(100%-3rem)] max-md:p-0">
                <span className="text-zinc-600 dark:text-zinc-400">{row.provider} · </span>
                <span className="font-medium">{row.model}</span>
              </td>
              <td
                role="cell"
                className="px-2 py-1.5 font-mono font-semibold whitespace-nowrap max-md:order-2 max-md:w-[5.5rem] max-md:p-0"
              >
                <span className="mr-1 font-sans font-normal text-zinc-600 md:hidden dark:text-zinc-400">Score</span>
                {whole(row.score)}
              </td>
              <td role="cell" className="px-2 py-1.5 max-md:order-3 max-md:basis-[calc(100%-6.25rem)] max-md:p-0">
                <span className="flex items-center gap-2">
                  <span className="-mr-1 whitespace-nowrap text-zinc-600 md:hidden dark:text-zinc-400">95 %</span>
                  <Interval row={row} bar={bar} />
                </span>
              </td>
              <Count label="Wins" value={row.wins} />
              <Count label="Losses" value={row.losses} />
              <Count label="Ties" value={row.ties} />
              <Count label="Votes" value={row.votes} />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
