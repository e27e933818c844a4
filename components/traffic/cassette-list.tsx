import Link from 'next/link';
import type { CassetteSummary } from '@/lib/api/cassettes';
import { formatBytes } from '@/lib/sse/limits';
import { PageStats } from '../page-stats';
import { CONTENT_ID } from '../skip-link';
import { BackHeader } from './back-header';
import { LocalTime } from '../ui/local-time';
import { CassetteHowTo } from './cassette-how-to';

const kib = (bytes: number) => (bytes < 1024 ? formatBytes(bytes) : `${(bytes / 1024).toFixed(1)} KiB`);

/** /traffic/cassettes: the cassettes in SLUICE_CASSETTE_DIR, each a link to its exchanges. */
export function CassetteList({ cassettes, folder }: { cassettes: (CassetteSummary & { error?: string })[]; folder: string }) {
  return (
    <div className="flex min-h-screen min-w-0 flex-col px-4 pb-6">
      <PageStats />
      <BackHeader href="/traffic" label="All captures" />
      <main id={CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-col gap-4 py-4 outline-none">
        <div className="flex flex-col gap-1">
          <h1 className="text-lg font-semibold tracking-tight">Cassettes</h1>
          <p className="text-sm break-all text-zinc-600 dark:text-zinc-400">
            HAR files of recorded exchanges in <code>{folder}</code>, played back in place of the upstream.
          </p>
        </div>
        {cassettes.length ? (
          <ul
            aria-label="Cassettes"
            className="flex flex-col divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
          >
            {cassettes.map((c) => (
              <li key={c.name} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-3 py-2 text-sm">
                <Link
                  href={`/traffic/cassettes/${encodeURIComponent(c.name)}`}
                  className="font-mono text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
                >
                  {c.name}
                </Link>
                {c.error ? (
                  <span className="text-rose-700 dark:text-rose-400">{c.error}</span>
                ) : (
                  <>
                    <span>
                      {c.entries} {c.entries === 1 ? 'exchange' : 'exchanges'}
                    </span>
                    <span className="font-mono text-zinc-600 dark:text-zinc-400">{kib(c.bytes)}</span>
                    <span className="text-zinc-600 dark:text-zinc-400">
                      changed <LocalTime at={c.modifiedAt} />
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No cassettes yet: record one as below.</p>
        )}
        <CassetteHowTo name={cassettes[0]?.name ?? 'my-tests'} />
      </main>
    </div>
  );
}
