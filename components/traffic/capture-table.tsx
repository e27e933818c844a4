'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { memo, type ReactNode } from 'react';
import type { CaptureSummary } from '@/lib/api/captures';
import { captureCells } from '@/lib/client/traffic/capture-figures';
import { CassetteBadge } from './cassette-badge';
import { CaptureStatusBadge } from './capture-status';
import { LocalTime } from '../ui/local-time';
import { WebSocketBadge } from './websocket-badge';

/** An unknown figure: a dash to the eye, "none" to a screen reader. */
function Unknown() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">none</span>
    </>
  );
}

const COLUMNS = ['Time', 'Provider', 'Method', 'Path', 'Model', 'Status', 'TTFT', 'Duration', 'Tokens in', 'Tokens out', 'Cost'];

/**
 * A figure's cell. On a phone the row is a card and its header row is gone, so the cell
 * says what it is itself (`label`), seen there only; the column header says it elsewhere.
 */
function Figure({ label, value }: { label: string; value: string | undefined }) {
  return (
    <td role="cell" className="px-2 py-1.5 text-right font-mono whitespace-nowrap max-md:order-4 max-md:p-0 max-md:text-left">
      <span className="mr-1 font-sans text-zinc-600 md:hidden dark:text-zinc-400">{label}</span>
      {value ?? <Unknown />}
    </td>
  );
}

function Cell({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <td role="cell" className={`px-2 py-1.5 max-md:p-0 ${className}`}>
      {children}
    </td>
  );
}

/** On a phone, half the card's line (less half its gap): two cells a line, time and status, provider and model. */
const HALF = 'max-md:basis-[calc(50%-0.375rem)]';

/**
 * One capture. Its path is the link to it (the row is clickable too, for a pointer). On a
 * phone the row is a card: time and status, the request, provider and model, then the
 * figures, each named.
 */
const CaptureRow = memo(function CaptureRow({ capture }: { capture: CaptureSummary }) {
  const router = useRouter();
  const href = `/traffic/${capture.id}`;
  const cells = captureCells(capture);
  return (
    <tr
      role="row"
      data-capture-id={capture.id}
      data-status={capture.status}
      onClick={(e) => {
        if (!(e.target instanceof Element && e.target.closest('a'))) router.push(href);
      }}
      className={[
        'cursor-pointer border-b border-zinc-200 align-baseline hover:bg-zinc-50 max-md:flex',
        'max-md:flex-wrap max-md:items-baseline max-md:gap-x-3 max-md:gap-y-0.5 max-md:px-3 max-md:py-2',
        'dark:border-zinc-800 dark:hover:bg-zinc-900',
      ].join(' ')}
    >
      <Cell className={`font-mono whitespace-nowrap text-zinc-600 dark:text-zinc-400 max-md:order-1 ${HALF}`}>
        <LocalTime at={capture.startedAt} />
      </Cell>
      <Cell className={`whitespace-nowrap max-md:order-3 max-md:break-all max-md:whitespace-normal ${HALF}`}>
        {capture.provider}
      </Cell>
      <Cell className="font-mono max-md:order-2 max-md:w-14 max-md:shrink-0">
        {capture.method}
        {capture.webSocket ? (
          <span className="ml-1 whitespace-nowrap max-md:ml-0 max-md:block">
            <WebSocketBadge />
          </span>
        ) : null}
      </Cell>
      <Cell className="min-w-0 font-mono break-all max-md:order-2 max-md:basis-[calc(100%-4.25rem)]">
        <Link href={href} className="text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
          {capture.path}
        </Link>
        {capture.cassette ? (
          <span className="mt-0.5 block font-sans break-normal">
            <CassetteBadge cassette={capture.cassette} />
          </span>
        ) : null}
      </Cell>
      <Cell className={`font-mono break-all max-md:order-3 ${HALF}`}>{capture.model ?? <Unknown />}</Cell>
      <Cell className={`whitespace-nowrap max-md:order-1 max-md:text-right ${HALF}`}>
        <CaptureStatusBadge capture={capture} />
      </Cell>
      <Figure label="TTFT" value={cells.ttft} />
      <Figure label="Duration" value={cells.duration} />
      <Figure label="In" value={cells.tokensIn} />
      <Figure label="Out" value={cells.tokensOut} />
      <Figure label="Cost" value={cells.cost} />
    </tr>
  );
});

/** The captures, newest first: a table (on a phone, a list of cards), named "Captures". */
export function CaptureTable({ captures }: { captures: CaptureSummary[] }) {
  return (
    <table role="table" aria-label="Captures" className="w-full border-collapse text-sm max-md:block">
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
              className={`px-2 py-1.5 font-medium whitespace-nowrap ${i >= 6 ? 'text-right' : ''}`}
            >
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:block">
        {captures.map((capture) => (
          <CaptureRow key={capture.id} capture={capture} />
        ))}
      </tbody>
    </table>
  );
}
