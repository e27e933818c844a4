'use client';

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { captureFileName, type CaptureDetail } from '@/lib/api/captures';
import { highlightPart, useLogPanel } from '@/lib/client/event-log/log-panel';
import { exposeStats } from '@/lib/client/render-stats';
import { captureFigureList, replyFiguresOf } from '@/lib/client/traffic/capture-figures';
import { captureLog } from '@/lib/client/traffic/capture-exchange';
import { useCapture } from '@/lib/client/traffic/use-captures';
import { ReplyParts } from '../chat/reply-parts';
import { ReplyWarnings } from '../chat/reply-warnings';
import { EventLogView } from '../event-log/event-log-view';
import { CONTENT_ID } from '../skip-link';
import { BackHeader } from './back-header';
import { CaptureActions } from './capture-actions';
import { CaptureExchangeView } from './capture-exchange-view';
import { CaptureError } from './capture-error';
import { CassetteBadge } from './cassette-badge';
import { CaptureStatusBadge } from './capture-status';
import { LocalTime } from '../ui/local-time';
import { Fact, MetaLine } from '../ui/meta-line';
import { WebSocketBadge } from './websocket-badge';
import { WebSocketMessages } from './websocket-messages';

const box = 'flex min-w-0 flex-col gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800';

/** The capture's figures, as a description list: the list's and the first byte, the speed, the finish. */
function CaptureFigures({ capture }: { capture: CaptureDetail }) {
  return (
    <dl aria-label="Capture figures" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      {captureFigureList(capture, capture.reply).map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
          <dd className="font-mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The reply as assembled from the capture, thinking and tool calls included, as the chat shows one. */
function CapturedReply({ capture }: { capture: CaptureDetail }) {
  const highlighted = useLogPanel((s) => (s.highlight?.replyId === capture.id ? s.highlight.part : undefined));
  const article = useRef<HTMLElement>(null);
  // "Show in reply" in an event's row: the part it made comes into view, outlined.
  useEffect(() => {
    if (highlighted !== undefined)
      article.current?.querySelector(`[data-part="${highlighted}"]`)?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  const { reply } = capture;
  return (
    // Without an event log beside it (a response that is not SSE), the reply takes the row.
    <section aria-labelledby="capture-reply" className={`${box} ${capture.events ? '' : 'xl:col-span-2'}`}>
      <h2 id="capture-reply" className="font-semibold">
        Reply
      </h2>
      {reply ? (
        <article ref={article} aria-label="Captured reply" data-status={reply.status}>
          <ReplyParts replyId={capture.id} reply={reply} figures={replyFiguresOf(capture.timings)} highlighted={highlighted} />
          {reply.refusal ? <p className="my-2 text-sm italic">Refusal: {reply.refusal}</p> : null}
          {reply.error ? (
            <p className="my-2 rounded bg-rose-50 p-2 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-300">
              {reply.error.message}
            </p>
          ) : null}
          <ReplyWarnings replyId={capture.id} warnings={reply.warnings} />
        </article>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {capture.status === 'streaming'
            ? 'Still streaming: the reply, its events and its figures show here as it ends.'
            : capture.status === 'cassette-miss'
              ? 'No reply: the cassette had no matching exchange, so nothing went upstream.'
              : !capture.protocol
                ? 'No reply is assembled: this path is no known protocol’s. What came back is under Response.'
                : capture.httpStatus !== undefined && capture.httpStatus >= 400
                  ? `No reply: the upstream answered ${capture.httpStatus}. What it said is under Response.`
                  : 'No reply was read from this exchange.'}
        </p>
      )}
    </section>
  );
}

/** An SSE capture's events, in the event log's own view: filters, search, rows, .sse and .jsonl exports. */
function CapturedEvents({ capture }: { capture: CaptureDetail }) {
  const log = useMemo(() => captureLog(capture), [capture]);
  const showPart = useCallback((part: number) => highlightPart(capture.id, part), [capture.id]);
  if (!log) return null;
  return (
    <section aria-label="Event log" className={`${box} h-[34rem] p-0 text-sm`}>
      <EventLogView
        log={log}
        replyId={capture.id}
        empty="No events recorded."
        onShowPart={capture.reply ? showPart : undefined}
        exportName={captureFileName(capture)}
      />
    </section>
  );
}

/**
 * /traffic/{id}: one capture whole. Its request and response head, its events in the
 * event log's view, the reply assembled from them, its figures; and what it can become
 * (curl, HAR, a chat, a race). A capture still streaming is read again as it ends.
 */
export function CaptureView({ initial }: { initial: CaptureDetail }) {
  const { data: capture } = useCapture(initial.id, initial);
  // The page's counters for tests, as every page has them: their presence says it has hydrated.
  useEffect(exposeStats, []);
  return (
    <div className="flex min-h-screen min-w-0 flex-col px-4 pb-6">
      <BackHeader href="/traffic" label="All captures" />
      {capture ? (
        <main id={CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-col gap-4 py-4 outline-none">
          <div className="flex flex-col gap-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <h1 className="font-mono text-lg font-semibold break-all">
                <span className="sr-only">Capture: </span>
                {capture.method} {capture.path}
              </h1>
              {capture.webSocket ? <WebSocketBadge /> : null}
            </div>
            <MetaLine className="text-sm text-zinc-600 dark:text-zinc-400">
              <Fact>{capture.provider}</Fact>
              {capture.model ? <Fact className="font-mono">{capture.model}</Fact> : null}
              <Fact>
                <LocalTime at={capture.startedAt} />
              </Fact>
              <Fact plain>
                <CaptureStatusBadge capture={capture} />
              </Fact>
              {capture.cassette ? (
                <Fact plain>
                  <CassetteBadge cassette={capture.cassette} />
                </Fact>
              ) : null}
              {capture.run ? (
                <Fact>
                  <a
                    href={`/runs/${encodeURIComponent(capture.run.id)}`}
                    className="text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
                  >
                    Open its run{capture.run.lane > 0 ? ` (subagent ${capture.run.lane})` : ''}
                  </a>
                </Fact>
              ) : null}
            </MetaLine>
            <CaptureError capture={capture} />
          </div>
          <CaptureActions capture={capture} />
          <CaptureFigures capture={capture} />
          <div className="grid min-w-0 items-start gap-4 xl:grid-cols-2">
            <CapturedReply capture={capture} />
            <CapturedEvents capture={capture} />
            <WebSocketMessages capture={capture} />
            <CaptureExchangeView capture={capture} />
          </div>
        </main>
      ) : (
        <main id={CONTENT_ID} tabIndex={-1} className="flex flex-col gap-3 py-16 outline-none">
          <h1 className="text-xl font-semibold">Capture deleted</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">This capture is gone: deleted, or past the retention.</p>
        </main>
      )}
    </div>
  );
}
