'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { memo, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { CaptureSummary } from '@/lib/api/captures';
import { captureCells } from '@/lib/client/traffic/capture-figures';
import { CassetteBadge } from './cassette-badge';
import { CaptureStatusBadge } from './capture-status';
import { LocalTime } from '../ui/local-time';
import { WebSocketBadge } from './websocket-badge';
import { useWindowRows } from './use-window-rows';
import { useMediaQuery } from '@/lib/client/use-media-query';

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
const CaptureRow = memo(function CaptureRow({
  capture,
  index,
  measure,
}: {
  capture: CaptureSummary;
  /** Its place in the list (0 the newest): the virtualizer's key to its height, and the row's index to a screen reader. */
  index: number;
  measure: (row: HTMLTableRowElement | null) => void;
}) {
  const router = useRouter();
  const href = `/traffic/${capture.id}`;
  const cells = captureCells(capture);
  return (
    <tr
      ref={measure}
      role="row"
      data-index={index}
      aria-rowindex={index + 2}
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
        {/* No prefetch: a reader scrolling an agent's thousands of captures would fetch each one's page. */}
        <Link href={href} prefetch={false} className="text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
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

/** A row's height before it is measured: one line on a wide screen, a card on a phone. */
const ROW_HEIGHT = { wide: 33, phone: 104 };
/** The next page is asked for once the screen's last row is this close to the list's end. */
const NEAR_END = 20;

/** The room taken by rows not drawn: a row of no content, hidden from screen readers. */
function Room({ height }: { height: number }) {
  if (height <= 0) return null;
  return <tr aria-hidden="true" style={{ height }} className="max-md:block" />;
}

/**
 * The captures, newest first: a table (on a phone, a list of cards), named "Captures".
 * An agent's run leaves thousands: only the rows near the screen are drawn (the table's
 * row count and each row's index tell a screen reader where it is), and `onNearEnd` asks
 * for the next page as the reader nears the end of those read.
 */
export function CaptureTable({
  captures,
  complete,
  onNearEnd,
}: {
  captures: CaptureSummary[];
  /** Every capture is read: the table knows its row count. */
  complete: boolean;
  onNearEnd: () => void;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const phone = useMediaQuery('(max-width: 767px)');
  const keys = useMemo(() => captures.map((c) => c.id), [captures]);
  const rows = useWindowRows(keys, phone ? ROW_HEIGHT.phone : ROW_HEIGHT.wide, body);
  const nearEnd = rows.lastSeen >= 0 && rows.lastSeen >= captures.length - NEAR_END;
  useEffect(() => {
    if (nearEnd) onNearEnd();
  }, [nearEnd, captures.length, onNearEnd]);
  return (
    <table
      role="table"
      aria-label="Captures"
      aria-rowcount={complete ? captures.length + 1 : -1}
      className="w-full border-collapse text-sm max-md:block"
    >
      <thead className="max-md:sr-only">
        <tr
          role="row"
          aria-rowindex={1}
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
      <tbody ref={body} className="max-md:block">
        <Room height={rows.above} />
        {rows.items.map((item) => (
          <CaptureRow key={item.key} capture={captures[item.index]!} index={item.index} measure={rows.measure} />
        ))}
        <Room height={rows.below} />
      </tbody>
    </table>
  );
}
