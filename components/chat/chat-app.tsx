'use client';

import { useEffect, useState } from 'react';
import { useChatStore } from '@/lib/client/chat/chat-store';
import { firstOpening } from '@/lib/client/first-opening';
import { defaultChoice } from '@/lib/client/model-choice';
import { afterReplay } from '@/lib/client/chat/after-replay';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { uiMessagesOf } from '@/lib/client/thread/from-stored';
import type { CapturedChat } from '@/lib/api/captures';
import type { Conversation } from '@/lib/api/conversations';
import { chooseModel, openCapturedChat, openCapturedReplay, openChat, sendCapturedReplay } from '@/lib/client/chat/run-reply';
import { prewarmHighlighter } from '@/lib/client/markdown/code-highlighter';
import { exposeStats } from '@/lib/client/render-stats';
import { REPLAY_PROVIDER, type PublicProvider } from '@/lib/api/providers';
import { toggleLogPanel, useLogPanel } from '@/lib/client/event-log/log-panel';
import { EventLogPanel, LOG_TOGGLE_ID } from '../event-log/event-log-panel';
import { ModelDirectory } from '../model-directory';
import { StartingPoints } from './starting-points';
import { ThemeToggle } from '../theme-toggle';
import { ChatComposer } from './composer';
import { ForkedNote } from '../ui/forked-note';
import { MessageList } from './message-list';
import { ModelPicker } from './model-picker';
import { ParamsPanel } from './params-panel';
import { ReplyAnnouncer } from './reply-announcer';
import { Button } from '@/components/ui/button';
import { ShareButton } from '../shares/share-button';

/** Picks a model for the chat when it is still offered. */
function chooseIfOffered(providers: PublicProvider[], provider: string, model: string): void {
  if (providers.some((p) => p.id === provider && p.models.some((m) => m.id === model))) chooseModel(provider, model);
}

/**
 * Opens `conversation` (none: a new chat), with the model its last reply used when that
 * is still offered; or a captured one (`captured`: a new chat of its messages, on its
 * model; `replay`: its answer replayed in it, through the replay provider).
 */
function openConversation(
  providers: PublicProvider[],
  conversation?: Conversation,
  captured?: CapturedChat,
  replay?: boolean,
): void {
  if (captured) {
    const { conversationId, order } = useChatStore.getState();
    if (!firstOpening(captured, conversationId === undefined && order.length > 0)) return;
    if (replay) return openCapturedReplay(captured);
    openCapturedChat(captured);
    return chooseIfOffered(providers, captured.provider, captured.model);
  }
  if (conversation && !firstOpening(conversation, useChatStore.getState().conversationId === conversation.id)) return;
  const messages = conversation ? uiMessagesOf(conversation) : [];
  openChat(conversation?.id, messages);
  const last = messages.findLast((m) => m.role === 'assistant' && m.provider);
  if (last?.role !== 'assistant') return;
  // A replayed chat opens on its recording (the replay provider does not list it: it is reached by its id), which
  // useAfterReplay then leaves for the model the recording was made with.
  if (last.provider === REPLAY_PROVIDER) chooseModel(last.provider, last.model, last.replayOf);
  else chooseIfOffered(providers, last.provider, last.model);
}

/**
 * Once a replay has ended, the chat goes on with the model its recording was made with
 * (see afterReplay); returns why the composer waits when that model is not offered.
 */
function useAfterReplay(providers: PublicProvider[]): string | undefined {
  const provider = useChatStore((s) => s.provider);
  const replayOf = useChatStore((s) => s.replayOf);
  const streaming = useChatStore((s) => s.streaming);
  const lastId = useChatStore((s) => s.order.at(-1));
  const endsWithReply = useMessagePool((s) => (lastId ? s.messages[lastId]?.role === 'assistant' : false));
  const after = afterReplay(providers, { provider, replayOf, streaming, endsWithReply });
  const choose = after && 'choose' in after ? after.choose : undefined;
  useEffect(() => {
    if (choose) chooseModel(choose.provider, choose.model);
  }, [choose?.provider, choose?.model]); // eslint-disable-line react-hooks/exhaustive-deps -- the choice, not its object
  return after && 'note' in after ? after.note : undefined;
}

/** The chat page: model picker and parameters, the conversation, the composer. */
export function ChatApp({
  providers,
  conversation,
  captured,
  replay,
}: {
  providers: PublicProvider[];
  conversation?: Conversation;
  /** A capture to open as a new chat ("Open in chat" on the Traffic page). */
  captured?: CapturedChat;
  /** With `captured`: its answer replayed ("Replay" on the Traffic page). */
  replay?: boolean;
}) {
  // Before the first render in the browser, so a conversation opened by a link shows at once.
  useState(() => typeof window !== 'undefined' && openConversation(providers, conversation, captured, replay));
  const provider = useChatStore((s) => s.provider);
  const model = useChatStore((s) => s.model);
  const replayOf = useChatStore((s) => s.replayOf);
  const empty = useChatStore((s) => s.order.length === 0);
  const streaming = useChatStore((s) => s.streaming !== undefined);
  const conversationId = useChatStore((s) => s.conversationId);
  const logOpen = useLogPanel((s) => s.open);
  const replayNote = useAfterReplay(providers);

  // A capture's replay is sent once the page is on screen (see sendCapturedReplay).
  useEffect(() => {
    if (captured && replay) sendCapturedReplay(captured);
  }, [captured, replay]);

  useEffect(() => {
    exposeStats();
    prewarmHighlighter();
    if (!useChatStore.getState().model) {
      const choice = defaultChoice(providers);
      if (choice) chooseModel(choice.provider, choice.model);
    }
  }, [providers]);

  return (
    <div className="flex min-h-screen">
      <div className="mx-auto flex min-h-screen w-full max-w-4xl min-w-0 flex-col px-4">
        <header
          className={[
            'follow-off @container sticky top-0 z-10 flex flex-wrap items-center gap-3 border-b pl-10 md:pl-0',
            'border-zinc-200 bg-white py-3 dark:border-zinc-800 dark:bg-zinc-950',
          ].join(' ')}
        >
          {/* h-8: the title's line is as tall as the phone's ☰ beside it (top-3, h-8), their middles level. */}
          <h1 className="flex h-8 items-center text-lg font-semibold tracking-tight">Sluice</h1>
          <ModelPicker
            providers={providers}
            value={provider && model ? { provider, model, ...(replayOf ? { replayOf } : {}) } : undefined}
            onChange={(p, m) => chooseModel(p, m)}
            disabled={streaming}
            // In a narrow column (a phone, or beside the event log), the picker takes a row of its own under the title and the
            // buttons. In a wide one it takes the room between them, so a Share button appearing as a reply ends narrows it
            // rather than wrapping the buttons to a second row.
            className="order-last w-full @3xl:order-none @3xl:w-auto @3xl:min-w-0 @3xl:flex-1"
          />
          <span className="ml-auto flex items-center gap-2">
            {conversationId && !empty && !streaming ? (
              <ShareButton target={{ kind: 'conversation', id: conversationId }} />
            ) : null}
            <Button
              id={LOG_TOGGLE_ID}
              aria-expanded={logOpen}
              aria-controls="event-log"
              onClick={toggleLogPanel}
              className="rounded-md border border-zinc-300 px-2 py-1 text-xs dark:border-zinc-700"
            >
              Event log
            </Button>
            <ThemeToggle />
          </span>
        </header>
        <main className="flex-1 py-6">
          {empty ? (
            <section aria-label="About Sluice" className="text-sm">
              <p className="max-w-2xl text-zinc-600 dark:text-zinc-400">
                A workbench for streaming LLM APIs. Chat with any model over OpenAI Chat Completions, Anthropic Messages, OpenAI
                Responses or Gemini; race models side by side; and inspect every Server-Sent Event exactly as it came over the
                wire. Keys stay on this server.
              </p>
              <StartingPoints />
              <ModelDirectory providers={providers} />
            </section>
          ) : (
            <>
              {/* The conversation this page opened, while it is still the one shown (New chat replaces it in place). */}
              {conversation?.forkedFrom && conversationId === conversation.id ? (
                <ForkedNote from={conversation.forkedFrom} />
              ) : null}
              <MessageList />
            </>
          )}
        </main>
        <footer className="follow-off sticky bottom-0 flex flex-col gap-2 border-t border-zinc-200 bg-white py-3 dark:border-zinc-800 dark:bg-zinc-950">
          <ParamsPanel />
          <ChatComposer replayNote={replayNote} />
        </footer>
        <ReplyAnnouncer />
      </div>
      {logOpen ? <EventLogPanel providers={providers} /> : null}
    </div>
  );
}
