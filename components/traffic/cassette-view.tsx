'use client';

import { useMemo, useState, type ReactNode } from 'react';
import type { CassetteDetail, CassetteExchange } from '@/lib/api/cassettes';
import { prettyBody, recordedLog } from '@/lib/client/traffic/capture-exchange';
import { EventLogView } from '../event-log/event-log-view';
import { PageStats } from '../page-stats';
import { CONTENT_ID } from '../skip-link';
import { BackHeader } from './back-header';
import { LocalTime } from '../ui/local-time';
import { CassetteHowTo } from './cassette-how-to';

/** An exchange's event log, built only once it is opened. */
function ExchangeEvents({ exchange }: { exchange: CassetteExchange }) {
  const log = useMemo(() => recordedLog(exchange.events!.items, exchange.protocol), [exchange]);
  return (
    <div
      aria-label={`Event log of exchange ${exchange.index}`}
      role="region"
      className="flex h-[28rem] min-w-0 flex-col overflow-hidden rounded border border-zinc-200 text-sm dark:border-zinc-800"
    >
      <EventLogView log={log} replyId={`cassette-${exchange.index}`} empty="No events recorded." />
    </div>
  );
}

/** One recorded exchange: what it matches by, and what it answers. */
function Exchange({ exchange }: { exchange: CassetteExchange }) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <details onToggle={(e) => setOpen(e.currentTarget.open)} className="group px-3 py-2">
        <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
          <span className="font-mono text-zinc-600 dark:text-zinc-400">#{exchange.index}</span>
          <span className="font-mono">
            {exchange.method} {exchange.path}
          </span>
          <span>{exchange.provider}</span>
          {exchange.model ? <span className="font-mono break-all">{exchange.model}</span> : null}
          <span className="font-mono">{exchange.status}</span>
          <span className="text-zinc-600 dark:text-zinc-400">
            <LocalTime at={exchange.startedAt} />
          </span>
        </summary>
        {open ? (
          <div className="mt-2 flex min-w-0 flex-col gap-2">
            <p className="text-xs text-zinc-600 dark:text-zinc-400">Matches requests whose key is</p>
            <pre
              tabIndex={0}
              aria-label={`Key of exchange ${exchange.index}`}
              className="max-h-40 overflow-auto rounded bg-zinc-100 p-2 text-xs break-all whitespace-pre-wrap dark:bg-zinc-900"
            >
              {exchange.key}
            </pre>
            {exchange.events ? (
              <ExchangeEvents exchange={exchange} />
            ) : (
              <pre
                tabIndex={0}
                aria-label={`Body of exchange ${exchange.index}`}
                className="max-h-96 overflow-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900"
              >
                {prettyBody(exchange.body ?? '')}
              </pre>
            )}
          </div>
        ) : null}
      </details>
    </li>
  );
}

/** The cassette page's frame: its heading, what it says under it, then the rest. */
function CassetteFrame({ name, lead, children }: { name: string; lead: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen min-w-0 flex-col px-4 pb-6">
      <PageStats />
      <BackHeader href="/traffic/cassettes" label="All cassettes" />
      <main id={CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-col gap-4 py-4 outline-none">
        <div className="flex flex-col gap-1">
          <h1 className="text-lg font-semibold break-all">
            Cassette <span className="font-mono">{name}</span>
          </h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{lead}</p>
        </div>
        {children}
      </main>
    </div>
  );
}

/**
 * /traffic/cassettes/{name} for a cassette never recorded (a capture's badge can name
 * one: a playback that missed): not a dead end, but how to record it.
 */
export function UnrecordedCassette({ name }: { name: string }) {
  return (
    <CassetteFrame name={name} lead="This cassette has no recording yet: record to it first, then play it back.">
      <CassetteHowTo name={name} mode="record" />
    </CassetteFrame>
  );
}

/** /traffic/cassettes/{name}: a cassette's exchanges in its order, each with its key and its event log or body. */
export function CassetteView({ cassette }: { cassette: CassetteDetail }) {
  const lead = (
    <>
      {cassette.entries} {cassette.entries === 1 ? 'exchange' : 'exchanges'}; ignored fields when matching:{' '}
      {cassette.ignore.length
        ? cassette.ignore.map((f, i) => (
            <span key={f}>
              {i ? ', ' : null}
              <code>{f}</code>
            </span>
          ))
        : 'none'}
      .
    </>
  );
  return (
    <CassetteFrame name={cassette.name} lead={lead}>
      {cassette.exchanges.length ? (
        <ol
          aria-label="Exchanges"
          className="flex flex-col divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        >
          {cassette.exchanges.map((exchange) => (
            <Exchange key={exchange.index} exchange={exchange} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">This cassette has no exchanges yet.</p>
      )}
      <CassetteHowTo name={cassette.name} />
    </CassetteFrame>
  );
}
