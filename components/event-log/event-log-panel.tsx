'use client';

import { useCallback, useEffect, useId, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useChatStore } from '@/lib/client/chat/chat-store';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { useEventLog } from '@/lib/client/event-log/event-logs';
import { closeLogPanel, highlightPart, useLogPanel } from '@/lib/client/event-log/log-panel';
import { useMediaQuery } from '@/lib/client/use-media-query';
import type { PublicProvider } from '@/lib/api/providers';
import { EventLogView } from './event-log-view';
import { ImportStream } from './import-stream';
import { LogSheet } from './log-sheet';
import { describeReply, shownReply } from './shown-reply';

/** The reply the panel shows: the one picked, else the newest (`latest`). */
function useShownReply() {
  const picked = useLogPanel((s) => s.replyId);
  const order = useChatStore((s) => s.order);
  const conversationId = useChatStore((s) => s.conversationId);
  return useMessagePool(
    useShallow(({ messages }) => {
      const newest = order.findLast((k) => messages[k]?.role === 'assistant');
      const id = picked && messages[picked] ? picked : newest;
      const m = id ? messages[id] : undefined;
      if (m?.role !== 'assistant') return undefined;
      return { ...shownReply(m), protocol: m.protocol, stored: m.stored, conversationId, latest: id === newest };
    }),
  );
}

/**
 * Escape closes the panel beside the chat (the sheet on a phone closes as a dialog does)
 * while the focus is in it or on the button that opened it; but not where Escape means
 * something else: a text field (a search cleared), a menu, a dialog. In the capture phase,
 * and taken, so it comes before the composer's Escape, which would stop a streaming reply.
 */
function useEscapeToClose(active: boolean, close: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return;
      const target = e.target instanceof Element ? e.target : null;
      if (!target?.closest(`#event-log, #${LOG_TOGGLE_ID}`)) return;
      if (target.closest('input, textarea, select, dialog, [role="dialog"], [popover], [role="menu"]')) return;
      e.preventDefault();
      close();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [active, close]);
}

/** Below this width the log opens as a sheet over the page (Tailwind's `md`, where the panel sits beside the chat). */
const PHONE = '(width < 48rem)';

/**
 * The event log beside the chat (on a phone, over it): the events of the reply picked
 * (else the newest), which reply that is, and imports.
 */
export function EventLogPanel({ providers }: { providers: PublicProvider[] }) {
  const shown = useShownReply();
  const { log, loading } = useEventLog(shown?.id, shown?.stored ? shown.conversationId : undefined, shown?.protocol);
  const showPart = useCallback((part: number) => shown && highlightPart(shown.id, part), [shown]);
  const phone = useMediaQuery(PHONE);
  const sheet = useRef<HTMLDialogElement>(null);
  const aboutId = useId();
  const empty = loading
    ? 'Loading events…'
    : shown
      ? 'No events recorded for this reply.'
      : 'Send a message, or import a stream: its events show here.';
  // The sheet closes as a dialog does (focus goes back to what opened it); the panel hands focus back itself.
  const close = useCallback(() => {
    if (phone) return sheet.current?.close();
    closeLogPanel();
    document.getElementById(LOG_TOGGLE_ID)?.focus();
  }, [phone]);
  useEscapeToClose(!phone, close);
  const about = shown ? (
    <p id={aboutId} className="text-xs text-zinc-600 dark:text-zinc-400">
      {describeReply(shown, providers, shown.latest)}
    </p>
  ) : null;
  const panel = (
    <section
      aria-label="Event log"
      aria-describedby={shown ? aboutId : undefined}
      id="event-log"
      className={[
        'flex flex-col bg-white text-sm dark:bg-zinc-950',
        phone
          ? 'h-full w-full'
          : 'sticky top-0 h-screen w-[30rem] shrink-0 border-l border-zinc-200 2xl:w-[36rem] dark:border-zinc-800',
      ].join(' ')}
    >
      <ImportStream>
        <EventLogView log={log} replyId={shown?.id} empty={empty} onShowPart={showPart} about={about} onClose={close} />
      </ImportStream>
    </section>
  );
  return phone ? (
    <LogSheet ref={sheet} onClosed={closeLogPanel}>
      {panel}
    </LogSheet>
  ) : (
    panel
  );
}

/** The id of the chat header's "Event log" button, where focus goes when the panel closes. */
export const LOG_TOGGLE_ID = 'event-log-toggle';
