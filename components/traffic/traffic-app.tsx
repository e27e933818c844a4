'use client';

import Link from 'next/link';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { REPLAY_PROVIDER, type PublicProvider } from '@/lib/api/providers';
import { exposeStats } from '@/lib/client/render-stats';
import { useNewCaptureAnnouncement } from '@/lib/client/traffic/announce';
import type { FeedState } from '@/lib/client/capture-feed';
import { useCaptures, type CaptureFilters as Filters } from '@/lib/client/traffic/use-captures';
import { filterOptions } from '@/lib/client/traffic/filter-options';
import type { CaptureFacet } from '@/lib/api/captures';
import { useDebounced } from '@/lib/client/use-debounced';
import { useOrigin } from '@/lib/client/use-origin';
import { Button } from '@/components/ui/button';
import { CONTENT_ID } from '../skip-link';
import { PageHeader, PageTitle } from '../page-header';
import { CaptureFilters } from './capture-filters';
import { CaptureTable } from './capture-table';

const FEED_SAID: Record<FeedState, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' };

function FeedStatus({ state }: { state: FeedState }) {
  return (
    <span className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${state === 'live' ? 'bg-emerald-500' : 'animate-pulse bg-amber-500 motion-reduce:animate-none'}`}
      />
      {FEED_SAID[state]}
    </span>
  );
}

/** How to record: the proxy's address for each provider, with an example. */
function HowToRecord({ providers, open }: { providers: PublicProvider[]; open: boolean }) {
  const origin = useOrigin() || 'http://127.0.0.1:3000';
  // The example speaks Chat Completions, the most widely imitated: to a provider that does.
  const chat = providers.find((p) => p.protocol === 'openai-chat' && p.models.length > 0);
  return (
    <details open={open} className="rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
      <summary className="cursor-pointer font-medium">Record an app’s traffic</summary>
      <div className="mt-2 flex flex-col gap-2 text-zinc-700 dark:text-zinc-300">
        <p>
          Point the app at <code className="break-all">{`${origin}/proxy/{provider}`}</code> in place of the provider’s base URL.
          Sluice forwards each request to that provider (adding its key when the app sends none) and records the exchange here,
          live.
        </p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 font-mono text-xs">
          {/* Recordings replay at /replay/{id}, not through the proxy. */}
          {providers
            .filter((p) => p.id !== REPLAY_PROVIDER)
            .map((p) => (
              <li key={p.id} className="break-all">{`${origin}/proxy/${p.id}`}</li>
            ))}
        </ul>
        {chat ? (
          <pre
            tabIndex={0}
            aria-label="Example request"
            className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900"
          >
            {[
              `curl -N ${origin}/proxy/${chat.id}/chat/completions -H 'content-type: application/json' \\`,
              `  -d '{"model":"${chat.models[0]!.id}","stream":true,"messages":[{"role":"user","content":"hi"}]}'`,
            ].join('\n')}
          </pre>
        ) : null}
      </div>
    </details>
  );
}

/** Filters in the address, so a reload or a link keeps them (the page reads them from it as it opens). */
function filtersToUrl(filters: Filters): void {
  const params = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));
  window.history.replaceState(null, '', `/traffic${params.size ? `?${params}` : ''}`);
}

/**
 * /traffic: every exchange an app made through the recording proxy, newest first, live;
 * filtered by provider, status, model and words. A capture opens at /traffic/{id}.
 */
export function TrafficApp({
  providers,
  facets,
  initial,
}: {
  providers: PublicProvider[];
  /** The providers and models in captures as the page opened: the filters offer these, and those that arrive live. */
  facets: CaptureFacet[];
  initial: Filters;
}) {
  const [filters, setFilters] = useState<Filters>(initial);
  // The page's counters for tests, as every page has them: their presence says it has hydrated.
  useEffect(exposeStats, []);
  // The search waits for typing to pause; the menus apply at once.
  const q = useDebounced(filters.q, 250);
  const query = useMemo(() => ({ ...filters, q }), [filters, q]);
  const { captures, feed, list } = useCaptures(query);
  const announcement = useNewCaptureAnnouncement(captures, list.isSuccess);
  const options = useMemo(() => filterOptions(facets, captures, filters), [facets, captures, filters]);
  const filtered = Object.values(filters).some(Boolean);
  // As the reader nears the end of the rows read: the next page, once (the button does the same).
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const readMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const change = (next: Filters) => {
    setFilters(next);
    filtersToUrl(next);
  };

  return (
    <div className="flex min-h-screen min-w-0 flex-col px-4 pb-6">
      <PageHeader
        end={
          <Link href="/traffic/cassettes" className="text-sm text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
            Cassettes
          </Link>
        }
      >
        <PageTitle>Traffic</PageTitle>
        <FeedStatus state={feed} />
      </PageHeader>
      <main id={CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-col gap-4 py-4 outline-none">
        <HowToRecord providers={providers} open={list.isSuccess && captures.length === 0 && !filtered} />
        <CaptureFilters providers={options.providers} models={options.models} value={filters} onChange={change} />
        {list.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Cannot load captures: {list.error.message}
          </p>
        ) : null}
        <CaptureTable captures={captures} complete={list.isSuccess && !list.hasNextPage} onNearEnd={readMore} />
        {list.isPending ? <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading captures…</p> : null}
        {list.isSuccess && captures.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {filtered ? 'No capture matches these filters.' : 'No captures yet: they show here as an app’s requests go through.'}
          </p>
        ) : null}
        {list.hasNextPage ? (
          <Button
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            className="self-start rounded-md border border-zinc-300 px-3 py-1 text-sm disabled:opacity-40 dark:border-zinc-700"
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load more captures'}
          </Button>
        ) : null}
        <p role="status" aria-live="polite" aria-label="New captures" className="sr-only">
          {announcement}
        </p>
      </main>
    </div>
  );
}
