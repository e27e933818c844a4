'use client';

import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { sendMessage, stopStreaming } from '@/lib/client/chat/run-reply';
import { useChatStore } from '@/lib/client/chat/chat-store';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { messageKeys } from '@/lib/client/message-keys';
import { Button } from '@/components/ui/button';
import { COMPOSER_ID } from '@/components/skip-link';

/** Where focusing a text field opens an on-screen keyboard: a touch screen, or a phone's width. */
const ON_SCREEN_KEYBOARD = '(pointer: coarse), (max-width: 639px)';

/** The last reply ended asking for tool results the reader has not sent yet. */
function useToolCallsPending(): boolean {
  const lastId = useChatStore((s) => s.order.at(-1));
  return useMessagePool((s) => {
    const last = lastId ? s.messages[lastId] : undefined;
    return (
      last?.role === 'assistant' &&
      last.reply.status !== 'streaming' &&
      last.reply.finishReason === 'tool-calls' &&
      last.reply.toolCalls.some((c) => !c.server)
    );
  });
}

/** The chat's composer, bound to the chat store; `replayNote`: why it waits for a model after a replay (see afterReplay). */
export function ChatComposer({ replayNote }: { replayNote?: string }) {
  const streaming = useChatStore((s) => s.streaming !== undefined);
  const ready = useChatStore((s) => s.model !== undefined);
  // Two Sends on screen would leave the reader guessing: the tool calls' own goes first.
  const waiting = useToolCallsPending()
    ? 'The reply above waits for its tool results: answer them with “Send tool results”.'
    : replayNote;
  return (
    <Composer streaming={streaming} ready={ready} waiting={waiting} onSend={sendMessage} onStop={stopStreaming} focusOnLoad />
  );
}

/**
 * While a reply streams, Escape stops it from anywhere on the page, but where Escape
 * means something else: another text field (clearing a search), a dialog (closing it).
 */
function useEscapeToStop(streaming: boolean, onStop: () => void, textbox: RefObject<HTMLTextAreaElement | null>): void {
  useEffect(() => {
    if (!streaming) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('dialog, [role="dialog"]')) return;
      const field = target instanceof HTMLElement && (target.isContentEditable || target.matches('input, textarea, select'));
      if (field && target !== textbox.current) return;
      onStop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [streaming, onStop, textbox]);
}

/**
 * Textbox "Message": the keys of every message box (Enter sends, Shift+Enter is a newline); Send, or Stop (named `stopLabel`, or Escape) while streaming.
 * `focusOnLoad`: it takes the focus as the page opens (the chat: typing is what a reader comes for), but not
 * where that would open an on-screen keyboard over the page before the reader asked for it.
 */
export function Composer({
  streaming,
  ready,
  onSend,
  onStop,
  stopLabel = 'Stop',
  focusOnLoad = false,
  initialText = '',
  waiting,
}: {
  streaming: boolean;
  ready: boolean;
  /** Why Send waits for something else first (said under the composer, and Send disabled meanwhile). */
  waiting?: string;
  onSend: (text: string) => void;
  onStop: () => void;
  stopLabel?: string;
  focusOnLoad?: boolean;
  /** A message ready to send (a race opened from a capture: its prompt). */
  initialText?: string;
}) {
  const [text, setText] = useState(initialText);
  const textbox = useRef<HTMLTextAreaElement>(null);
  useEscapeToStop(streaming, onStop, textbox);
  useEffect(() => {
    if (focusOnLoad && !window.matchMedia(ON_SCREEN_KEYBOARD).matches) textbox.current?.focus();
  }, [focusOnLoad]);
  const waitingId = useId();
  const send = () => {
    if (!text.trim() || streaming || !ready || waiting) return;
    onSend(text);
    setText('');
  };
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <textarea
        ref={textbox}
        id={COMPOSER_ID}
        aria-label="Message"
        rows={2}
        value={text}
        placeholder="Ask anything — try “tokens=2000 tps=500” with a simulator model"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={messageKeys(send)}
        className={[
          'min-h-[3rem] flex-1 resize-y rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm',
          'shadow-sm focus:outline-none focus:ring-2 focus:ring-sky-500 dark:border-zinc-700',
          'dark:bg-zinc-900',
        ].join(' ')}
      />
      {streaming ? (
        <Button
          onClick={(e) => {
            onStop();
            // Stop gives way to Send, which is disabled with nothing typed: focus would fall to
            // the page's body. It stays in the composer, where the reader goes on (a tap on a
            // phone's Stop does not open its keyboard, though: e.detail counts pointer clicks).
            if (e.detail === 0 || !window.matchMedia(ON_SCREEN_KEYBOARD).matches) textbox.current?.focus();
          }}
          aria-keyshortcuts="Escape"
          title={`${stopLabel} (Esc)`}
          className="rounded-lg bg-rose-600 px-4 py-2 text-sm font-medium text-white hover:bg-rose-700"
        >
          {stopLabel}
        </Button>
      ) : (
        <Button
          type="submit"
          disabled={!text.trim() || !ready || waiting !== undefined}
          aria-describedby={waiting ? waitingId : undefined}
          // Disabled, it keeps a readable contrast (a faded blue on near-black read as nothing).
          className={[
            'rounded-lg bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800',
            'disabled:bg-zinc-200 disabled:text-zinc-600 dark:disabled:bg-zinc-800',
            'dark:disabled:text-zinc-300',
          ].join(' ')}
        >
          Send
        </Button>
      )}
      {waiting ? (
        <p id={waitingId} className="w-full text-xs text-amber-800 dark:text-amber-300">
          {waiting}
        </p>
      ) : null}
    </form>
  );
}
