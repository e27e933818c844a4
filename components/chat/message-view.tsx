'use client';

import Link from 'next/link';
import { memo, useEffect, useRef, useState } from 'react';
import type { ReplayOf } from '@/lib/api/providers';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { storedReplyId, type UiMessage } from '@/lib/client/thread/ui-message';
import { showEventsOf, useLogPanel } from '@/lib/client/event-log/log-panel';
import { countRender } from '@/lib/client/render-stats';
import { useToolDrafts } from '@/lib/client/tool-drafts';
import { LiveProgress } from './live-progress';
import { useReplyActions } from './reply-actions';
import { ReplyFiguresLine } from './reply-figures';
import { ReplyParts } from './reply-parts';
import { offersRetry, ReplyStatus } from './reply-status';
import { ReplyWarnings } from './reply-warnings';
import { Button } from '@/components/ui/button';
import { CopyReplayUrl } from '../copy-replay-url';
import { versionPair, versionPlace } from '@/lib/client/thread/versions';
import { shownPricing } from '@/lib/client/thread/reply-figures';
import { VersionSwitch } from './version-switch';

type Assistant = Extract<UiMessage, { role: 'assistant' }>;

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      aria-label="Copy message"
      onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
      className="rounded px-1.5 py-0.5 text-xs text-zinc-600 dark:text-zinc-400 hover:bg-zinc-100 dark:hover:bg-zinc-800"
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

function UserMessage({ message }: { message: Extract<UiMessage, { role: 'user' }> }) {
  const { id, content } = message;
  const { editAndResend } = useReplyActions();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(content);
  if (editing) {
    return (
      <form
        className="ml-auto flex w-full max-w-2xl flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setEditing(false);
          editAndResend?.(id, draft);
        }}
      >
        <textarea
          aria-label="Edit message"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          rows={3}
          className="rounded-lg border border-zinc-300 p-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        />
        <div className="flex justify-end gap-2">
          <Button onClick={() => setEditing(false)} className="text-xs text-zinc-600 dark:text-zinc-400">
            Cancel
          </Button>
          <Button type="submit" className="rounded bg-sky-700 px-3 py-1 text-xs text-white">
            Resend
          </Button>
        </div>
      </form>
    );
  }
  return (
    <article aria-label="Your message" className="ml-auto max-w-2xl">
      <div className="whitespace-pre-wrap rounded-2xl bg-sky-700 px-4 py-2 text-sm text-white">{content}</div>
      <div className="mt-1 flex items-center justify-end gap-1">
        <VersionSwitch message={message} />
        {editAndResend ? (
          <Button
            aria-label="Edit message and resend"
            onClick={() => setEditing(true)}
            className="rounded px-1.5 py-0.5 text-xs text-zinc-600 dark:text-zinc-400 hover:bg-zinc-100 dark:hover:bg-zinc-800"
          >
            Edit
          </Button>
        ) : null}
        <CopyButton text={content} />
      </div>
    </article>
  );
}

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

const lineButton = 'rounded px-1.5 py-0.5 text-xs text-zinc-600 dark:text-zinc-400 hover:bg-zinc-100 dark:hover:bg-zinc-800';

/**
 * What a reader does with an ended reply, on a line of its own under its figures, so it
 * never wraps away from them alone. Copy only when there is text; Regenerate only where
 * the reply's alert does not already offer Retry (the same action); Replay and Copy
 * replay URL for a reply the server keeps (its stream is what they replay), and
 * "Compare with…": the diff page, with this reply as A, to pick B.
 */
function ReplyActionsLine({ message, isLast }: { message: Assistant; isLast: boolean }) {
  const { regenerate, replay } = useReplyActions();
  const storedId = storedReplyId(message);
  const place = versionPlace(message);
  const pair = place && versionPair(place);
  return (
    <div className="mt-1 -ml-1.5 flex flex-wrap gap-1">
      {message.reply.text ? <CopyButton text={message.reply.text} /> : null}
      <Button
        aria-label="Show this reply in the event log"
        onClick={() => showEventsOf(message.id)}
        className="rounded px-1.5 py-0.5 text-xs text-zinc-600 dark:text-zinc-400 hover:bg-zinc-100 dark:hover:bg-zinc-800"
      >
        Event log
      </Button>
      {isLast && !offersRetry(message) ? (
        <Button
          aria-label="Regenerate reply"
          onClick={() => regenerate(message.id)}
          className="rounded px-1.5 py-0.5 text-xs text-zinc-600 dark:text-zinc-400 hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          Regenerate
        </Button>
      ) : null}
      {storedId && replay ? (
        <Button aria-label="Replay this reply at its recorded pace" onClick={() => replay(message.id)} className={lineButton}>
          Replay
        </Button>
      ) : null}
      {storedId ? <CopyReplayUrl id={storedId} label="Copy replay URL of this reply" className={lineButton} /> : null}
      {storedId ? (
        <Link href={`/diff?a=${encodeURIComponent(storedId)}`} aria-label="Compare with another reply" className={lineButton}>
          Compare with…
        </Link>
      ) : null}
      {storedId && pair ? (
        <Link href={`/diff?a=${encodeURIComponent(pair[0])}&b=${encodeURIComponent(pair[1])}`} className={lineButton}>
          Compare versions
        </Link>
      ) : null}
    </div>
  );
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
  const highlighted = useLogPanel((s) => (s.highlight?.replyId === message.id ? s.highlight.part : undefined));
  const article = useRef<HTMLElement>(null);
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
        }}
      />
      {reply.refusal ? (
        <p className="my-2 rounded bg-zinc-100 p-2 text-sm italic dark:bg-zinc-900">Refusal: {reply.refusal}</p>
      ) : null}
      {pendingCalls.length > 0 ? (
        <Button
          disabled={pendingCalls.some((c) => !results[c.id])}
          onClick={() => {
            const answers = pendingCalls.map((c) => ({ callId: c.id, name: c.name, content: results[c.id]! }));
            drafts.sent();
            answerToolCalls(answers);
          }}
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
  if (message.role === 'tool') {
    const parts = typeof message.content === 'string' ? [] : message.content;
    return (
      <div className="text-xs text-zinc-600 dark:text-zinc-400">
        {parts.map((p, i) =>
          p.type === 'tool-result' ? (
            <p key={i}>
              Tool result for <span className="font-mono">{p.name ?? p.callId}</span> sent.
            </p>
          ) : null,
        )}
      </div>
    );
  }
  return <AssistantMessage message={message} isLast={isLast} progress={progress} />;
});
