import type { ReactNode } from 'react';
import type { UiMessage } from '@/lib/client/thread/ui-message';
import { upstreamPage, type UpstreamPage } from '@/lib/client/stream/upstream-page';
import { Button } from '@/components/ui/button';
import { failureHint, failureTitle, type Failure } from './failure-words';

type Assistant = Extract<UiMessage, { role: 'assistant' }>;

const TONES = {
  error: {
    box: 'border-rose-300 bg-rose-50 text-rose-800 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300',
    button: 'border-rose-400',
  },
  warning: {
    box: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200',
    button: 'border-amber-500',
  },
};

/** A reply that did not end well: what happened, and Retry. */
function ReplyAlert({
  tone,
  title,
  children,
  onRetry,
}: {
  tone: keyof typeof TONES;
  title: string;
  children: ReactNode;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className={`rounded-md border p-3 text-sm ${TONES[tone].box}`}>
      <p className="font-medium">{title}</p>
      {children}
      <Button onClick={onRetry} className={`mt-2 rounded border px-2 py-0.5 text-xs ${TONES[tone].button}`}>
        Retry
      </Button>
    </div>
  );
}

/** The upstream's body as it came (as far as the server kept it), behind a disclosure. */
function RawResponse({ text, truncated }: { text: string; truncated?: boolean }) {
  return (
    <details className="mt-2 text-xs">
      <summary className="cursor-pointer select-none font-medium">Raw response</summary>
      <pre
        className={[
          'mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-white/70 p-2 font-mono',
          'text-zinc-800 dark:bg-black/30 dark:text-zinc-300',
        ].join(' ')}
      >
        {text}
      </pre>
      {truncated ? <p className="mt-1">The upstream sent more than Sluice keeps: this is its start.</p> : null}
    </details>
  );
}

/** A web page in place of an answer (a proxy's 502): its title and words, its markup behind a disclosure. */
function PageAlert({
  page,
  model,
  truncated,
  onRetry,
}: {
  page: UpstreamPage;
  model: string;
  truncated?: boolean;
  onRetry: () => void;
}) {
  const title = [page.status ? `HTTP ${page.status}` : undefined, page.title || 'A web page'].filter(Boolean).join(' · ');
  return (
    <ReplyAlert tone="error" title={title} onRetry={onRetry}>
      <p className="mt-1">
        The upstream, or a proxy in front of it, answered with a web page instead of an event stream
        {page.text ? (
          <>
            : <q className="font-medium">{page.text}</q>
          </>
        ) : (
          '.'
        )}
      </p>
      <p className="mt-1 text-xs">{failureHint({ status: 502, type: 'upstream_error', upstreamStatus: page.status }, model)}</p>
      <RawResponse text={page.raw} truncated={truncated} />
    </ReplyAlert>
  );
}

/**
 * A failure before streaming, as the page met it (`preError`) or as the store kept it (a
 * reload, history: the same type and statuses), so both read the same.
 */
function failureOf({ reply, preError }: Assistant): (Failure & { message: string }) | undefined {
  if (preError) return preError;
  const stored = reply.status === 'error' ? reply.error : undefined;
  if (!stored?.type) return undefined;
  return { status: stored.status ?? 0, type: stored.type, upstreamStatus: stored.upstreamStatus, message: stored.message };
}

/** Whether the reply shows an alert with its own Retry (the actions under it then offer no Regenerate). */
export function offersRetry({ reply, preError }: Assistant): boolean {
  return preError !== undefined || reply.status === 'error' || reply.status === 'truncated';
}

/** How the reply ended, said plainly, with what to do about it. */
export function ReplyStatus({ message, onRetry }: { message: Assistant; onRetry: () => void }) {
  const { reply, preError, connectionLost } = message;
  // Failed before streaming, here or as stored (which keeps the upstream's body too): a page
  // reads as a page, and any body the upstream sent is there as it came.
  const failed = preError ?? (reply.status === 'error' ? reply.error : undefined);
  const raw = failed?.upstreamBody;
  const truncated = failed?.upstreamBodyTruncated === true;
  const page = failed ? upstreamPage(failed.message, raw) : undefined;
  if (page) return <PageAlert page={page} model={message.model} truncated={raw !== undefined && truncated} onRetry={onRetry} />;
  const failure = failureOf(message);
  if (failure) {
    return (
      <ReplyAlert tone="error" title={failureTitle(failure)} onRetry={onRetry}>
        <p className="mt-1">{failure.message}</p>
        <p className="mt-1 text-xs">{failureHint(failure, message.model)}</p>
        {raw ? <RawResponse text={raw} truncated={truncated} /> : null}
      </ReplyAlert>
    );
  }
  switch (reply.status) {
    case 'streaming':
      return message.reconnecting ? (
        <p role="status" className="text-xs font-medium text-amber-600 dark:text-amber-400">
          Reconnecting to the server…
        </p>
      ) : null;
    case 'complete':
      return null;
    case 'stopped':
      // Why, when something other than this page's Stop stopped it (the server, nobody watching).
      return (
        <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          {reply.error?.message && reply.error.message !== 'Stopped.' ? reply.error.message : 'Stopped'}
        </p>
      );
    case 'error':
      return (
        <ReplyAlert
          tone="error"
          title={`The stream failed${reply.error?.code ? ` (${reply.error.code})` : ''}`}
          onRetry={onRetry}
        >
          <p className="mt-1">{reply.error?.message}</p>
          {raw ? <RawResponse text={raw} truncated={truncated} /> : null}
        </ReplyAlert>
      );
    case 'truncated':
      return (
        <ReplyAlert tone="warning" title="Truncated" onRetry={onRetry}>
          <p className="mt-1">
            {connectionLost
              ? 'The connection to the Sluice server was lost before the stream ended; the server keeps storing the reply.'
              : (reply.error?.message ?? 'The upstream closed the stream without its final event.')}
          </p>
        </ReplyAlert>
      );
  }
}
