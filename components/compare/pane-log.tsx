'use client';

import { useEffect, useRef } from 'react';
import type { Pane } from '@/lib/client/compare/compare-store';
import { useEventLog } from '@/lib/client/event-log/event-logs';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { useMediaQuery } from '@/lib/client/use-media-query';
import { EventLogView } from '../event-log/event-log-view';
import { LogSheet } from '../event-log/log-sheet';

/** Below this width the log opens as a sheet over the page, as the chat's does (Tailwind's `md`). */
const PHONE = '(width < 48rem)';

/**
 * A pane's event log: its latest reply's events. Beside wide panes it opens at the
 * pane's foot, scrolled into view (under a pane as tall as the screen it opened below
 * its edge); on a phone, as the chat's, a sheet over the page: inside a pane its rows
 * were below the screen's edge, in a box too narrow for a row's name and data.
 * `onClose`: the sheet or the log's own Close was used.
 */
export function PaneLog({ pane, name, onClose }: { pane: Pane; name: string; onClose: () => void }) {
  const last = pane.order.at(-1);
  const reply = useMessagePool((s) => (last ? s.messages[last] : undefined));
  const protocol = reply?.role === 'assistant' ? reply.protocol : undefined;
  const { log, loading } = useEventLog(
    reply?.role === 'assistant' ? last : undefined,
    reply?.stored ? pane.conversationId : undefined,
    protocol,
  );
  const phone = useMediaQuery(PHONE);
  const section = useRef<HTMLElement>(null);
  const sheet = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (!phone) section.current?.scrollIntoView({ block: 'nearest' });
  }, [phone]);
  const view = (
    <EventLogView
      log={log}
      replyId={last}
      empty={loading ? 'Loading events…' : 'No events yet.'}
      about={phone ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{name}</p> : undefined}
      onClose={phone ? () => sheet.current?.close() : onClose}
    />
  );
  if (phone)
    return (
      <LogSheet ref={sheet} onClosed={onClose}>
        <section aria-label="Event log" className="flex h-full flex-col text-sm">
          {view}
        </section>
      </LogSheet>
    );
  return (
    // Its margins: the page's sticky bars (RaceApp's --race-header, --race-footer), so "into view" is not under them.
    <section
      ref={section}
      aria-label="Event log"
      className="flex h-80 scroll-mt-(--race-header) scroll-mb-(--race-footer) flex-col border-t border-zinc-200 dark:border-zinc-800"
    >
      {view}
    </section>
  );
}
