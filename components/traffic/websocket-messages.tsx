'use client';

import { useMemo } from 'react';
import type { CaptureDetail } from '@/lib/api/captures';
import { LogRows } from '../event-log/log-rows';
import { useEventLogView } from '../event-log/use-event-log-view';
import { DIRECTION_NAMES, webSocketLog } from './websocket-log';

const box = 'flex min-w-0 flex-col rounded-lg border border-zinc-200 text-sm xl:col-span-2 dark:border-zinc-800';

/** Who closed the connection, and how, in words. */
function closeWords(close: NonNullable<NonNullable<NonNullable<CaptureDetail['response']>['webSocket']>['close']>): string {
  const by = close.by === 'app' ? 'the app' : 'the upstream';
  return `Closed by ${by}: ${close.code}${close.reason ? ` “${close.reason}”` : ''}.`;
}

/**
 * A capture made over a WebSocket: its messages both ways, in order, each with its
 * direction, its time since the request and its data, in the event log's own rows
 * (virtualized, each expanding to its data); a filter by direction, and how the connection
 * closed if it did during this capture.
 */
export function WebSocketMessages({ capture }: { capture: CaptureDetail }) {
  const log = useMemo(() => webSocketLog(capture), [capture]);
  const view = useEventLogView(log, undefined);
  const socket = capture.response?.webSocket;
  if (!log || !socket) return null;
  const sent = socket.messages.filter((m) => m.type === 'send').length;
  const { name, setName } = view.filter;
  return (
    <section aria-labelledby="capture-websocket" className={`${box} h-[28rem]`}>
      <header className="flex flex-col gap-2 border-b border-zinc-200 p-3 dark:border-zinc-800">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="capture-websocket" className="font-semibold">
            WebSocket messages{' '}
            <span className="font-normal text-zinc-600 dark:text-zinc-400">
              · {socket.messages.length} · {sent} sent · {socket.messages.length - sent} received
            </span>
          </h2>
          <label className="flex items-center gap-1 text-xs">
            <span>Direction</span>
            <select
              value={name}
              onChange={(e) => setName(e.target.value)}
              className="rounded border border-zinc-300 bg-white px-1 py-1 dark:border-zinc-700 dark:bg-zinc-900"
            >
              <option value="">Both ways</option>
              {log.names().map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {DIRECTION_NAMES.send}: the app’s, to the upstream; {DIRECTION_NAMES.receive}: the upstream’s, to the app. Times since
          this request{socket.messages.some((m) => m.at < 0) ? '; below 0, after the response before it' : ''}.
          {socket.close ? ` ${closeWords(socket.close)}` : ''}
        </p>
      </header>
      <LogRows log={log} view={view} empty="No messages.">
        {socket.truncated ? (
          <p className="m-2 text-xs text-zinc-600 dark:text-zinc-400">
            Messages past the capture’s bound (SLUICE_MAX_REPLY_BYTES) were passed on but not kept.
          </p>
        ) : null}
      </LogRows>
    </section>
  );
}
