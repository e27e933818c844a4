'use client';

import { memo, useEffect, useRef, type RefObject } from 'react';
import type { ReplayOf } from '@/lib/api/providers';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import type { UiMessage } from '@/lib/client/thread/ui-message';
import { useLogPanel } from '@/lib/client/event-log/log-panel';
import { countRender } from '@/lib/client/render-stats';
import { useToolDrafts } from '@/lib/client/tool-drafts';
import { LiveProgress } from './live-progress';
import { useReplyActions } from './reply-actions';
import { ReplyFiguresLine } from './reply-figures';
import { ReplyParts } from './reply-parts';
import { ReplyActionsLine } from './reply-actions-line';
import { ReplyStatus } from './reply-status';
import { ReplyWarnings } from './reply-warnings';
import { Button } from '@/components/ui/button';
import { shownPricing } from '@/lib/client/thread/reply-figures';
import { ToolResults } from './tool-results';
import { UserMessage } from './user-message';
import { VersionSwitch } from './version-switch';
import { COMPOSER_ID } from '@/components/skip-link';

type Assistant = Extract<UiMessage, { role: 'assistant' }>;

/** Who answered: the same through a reply's every update, so rendered once. */
/** Who answered: the provider and model, or for a replay its recording's, marked "(replay)" (its own model is an id). */
const ReplyHeading = memo(function ReplyHeading({
  provider,
  model,
  replayOf,
}: {
  provider: string;
  model: string;
  replayOf?: ReplayOf;
}) {
  const shown = replayOf ?? { provider, model };
  return (
    <p className="min-w-0 truncate text-xs text-zinc-600 dark:text-zinc-400">
      {shown.provider} · <span className="font-mono">{shown.model}</span>
      {replayOf ? ' (replay)' : null}
    </p>
  );
});

/**
 * When a reply streamed here ends by asking for tool results, the focus goes to the first
 * result's box, so a keyboard user types the answer at once: once per reply, and only
 * for a stream seen ending (not a reply reopened or re-rendered), and not away from
 * another field the reader is typing in (only from the page, the composer or its buttons).
 */
function useFocusToolResult(article: RefObject<HTMLElement | null>, live: boolean, asks: boolean, enabled: boolean) {
  const seenLive = useRef(false);
  const done = useRef(false);
  useEffect(() => {
    if (live) seenLive.current = true;
  }, [live]);
  useEffect(() => {
    if (!enabled || !asks || !seenLive.current || done.current) return;
    done.current = true;
    const active = document.activeElement;
    const typing =
      active instanceof HTMLElement &&
      active.id !== COMPOSER_ID &&
      (active.isContentEditable || active.matches('input, textarea, select') || !!active.closest('dialog, [role="dialog"]'));
    if (typing) return;
    article.current?.querySelector<HTMLTextAreaElement>('textarea[aria-label^="Result of"]')?.focus();
  }, [article, asks, enabled]);
}

function AssistantMessage({ message, isLast, progress }: { message: Assistant; isLast: boolean; progress: boolean }) {
  const { regenerate, answerToolCalls } = useReplyActions();
  const { reply, figures } = message;
  const trees = useMessagePool((s) => s.trees[message.id]);
  const live = reply.status === 'streaming';
  // Under the reply's stored id: its stream's id here, its own once read back from the store.
  const drafts = useToolDrafts(message.streamId ?? message.id);
  const { results } = drafts;
  const pendingCalls = isLast && !live && reply.finishReason === 'tool-calls' ? reply.toolCalls.filter((c) => !c.server) : [];
  const complete = pendingCalls.every((c) => results[c.id]);
  const sendResults = () => {
    if (pendingCalls.length === 0 || !complete) return;
    const answers = pendingCalls.map((c) => ({ callId: c.id, name: c.name, content: results[c.id]! }));
    drafts.sent();
    answerToolCalls(answers);
  };
  const highlighted = useLogPanel((s) => (s.highlight?.replyId === message.id ? s.highlight.part : undefined));
  const article = useRef<HTMLElement>(null);
  // The chat's reply (`progress`), not a race pane's: several panes would fight for the focus.
  useFocusToolResult(article, live, pendingCalls.length > 0, progress);
  useEffect(() => {
    if (highlighted !== undefined)
      article.current?.querySelector(`[data-part="${highlighted}"]`)?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  return (
    <article
      ref={article}
      aria-label="Assistant reply"
      data-status={reply.status}
      data-message-id={message.id}
      className="max-w-3xl"
    >
      {/* As high as the version switch, whether it shows or not: one appearing moves nothing. */}
      <div className="mb-1 flex min-h-5 items-center gap-3">
        <ReplyHeading provider={message.provider} model={message.model} replayOf={message.replayOf} />
        <VersionSwitch message={message} />
      </div>
      <ReplyParts
        replyId={message.id}
        reply={reply}
        figures={figures}
        trees={trees}
        highlighted={highlighted}
        answers={{
          pending: pendingCalls,
          results,
          onResult: (callId, value) => drafts.type(callId, value),
          onSend: sendResults,
        }}
      />
      {reply.refusal ? (
        <p className="my-2 rounded bg-zinc-100 p-2 text-sm italic dark:bg-zinc-900">Refusal: {reply.refusal}</p>
      ) : null}
      {pendingCalls.length > 0 ? (
        <Button
          disabled={!complete}
          onClick={sendResults}
          className={[
            'my-2 rounded bg-amber-600 px-3 py-1 text-xs font-medium text-white disabled:bg-zinc-200',
            'disabled:text-zinc-600 dark:disabled:bg-zinc-800 dark:disabled:text-zinc-300',
          ].join(' ')}
        >
          Send tool results
        </Button>
      ) : null}
      <ReplyStatus message={message} onRetry={() => regenerate(message.id)} />
      <ReplyWarnings replyId={message.id} warnings={reply.warnings} />
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <span className="sr-only">Status: {reply.status}</span>
        {live && progress ? <LiveProgress id={message.id} /> : null}
        <ReplyFiguresLine reply={reply} figures={figures} pricing={shownPricing(message)} />
      </div>
      {!live ? <ReplyActionsLine message={message} isLast={isLast} /> : null}
    </article>
  );
}

/**
 * One message, subscribed to its own slice of the store: others streaming do not re-render it.
 * `progress`: a streaming reply shows its progress line (the chat; a compare pane shows its own in its header).
 */
export const MessageView = memo(function MessageView({
  id,
  isLast,
  progress = false,
}: {
  id: string;
  isLast: boolean;
  progress?: boolean;
}) {
  const message = useMessagePool((s) => s.messages[id]);
  // No dependency list on purpose: this runs after every committed render of this message.
  useEffect(() => countRender(id));
  if (!message) return null;
  if (message.role === 'user') return <UserMessage message={message} />;
  if (message.role === 'system') {
    return (
      <details className="rounded-lg border border-zinc-200 px-3 py-2 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        <summary className="cursor-pointer">System prompt</summary>
        <p className="mt-1 whitespace-pre-wrap">{message.content}</p>
      </details>
    );
  }
  if (message.role === 'tool') return <ToolResults message={message} />;
  return <AssistantMessage message={message} isLast={isLast} progress={progress} />;
});
