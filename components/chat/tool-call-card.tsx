'use client';

import type { ToolCall } from '@/lib/assemble/message';
import { messageKeys } from '@/lib/client/message-keys';

/**
 * One tool call: name, id, arguments raw while they stream, pretty once they parse. A
 * call waiting for its result has a box for it, with the keys of every message box:
 * `onSend` sends the results (once every call has one).
 */
export function ToolCallCard({
  call,
  done,
  result,
  onResult,
  onSend,
}: {
  call: ToolCall;
  done: boolean;
  result?: string;
  onResult?: (value: string) => void;
  onSend?: () => void;
}) {
  const pretty = call.args !== undefined && call.argsError === undefined ? JSON.stringify(call.args, null, 2) : undefined;
  return (
    <section
      aria-label={`Tool call ${call.name}`}
      className="my-2 rounded-md border border-amber-200 bg-amber-50/60 p-3 text-sm dark:border-amber-900 dark:bg-amber-950/30"
    >
      <header className="flex flex-wrap items-baseline gap-2">
        <span className="font-mono font-semibold">{call.name || '…'}</span>
        {call.server ? <span className="rounded bg-zinc-200 px-1.5 text-xs dark:bg-zinc-800">run by the provider</span> : null}
        <span className="break-all font-mono text-xs text-zinc-600 dark:text-zinc-400">{call.id}</span>
      </header>
      <pre className="mt-2 overflow-x-auto whitespace-pre-wrap font-mono text-xs">{pretty ?? call.argsText}</pre>
      {done && call.argsError ? (
        <p role="alert" className="mt-1 text-xs text-rose-600">
          The arguments are not valid JSON: {call.argsError}
        </p>
      ) : null}
      {onResult ? (
        <label className="mt-2 block text-xs">
          <span className="text-zinc-600 dark:text-zinc-400">Result of {call.name}</span>
          <textarea
            aria-label={`Result of ${call.name}`}
            rows={2}
            value={result ?? ''}
            onChange={(e) => onResult(e.target.value)}
            onKeyDown={onSend ? messageKeys(onSend) : undefined}
            className="mt-1 block w-full rounded border border-zinc-300 bg-white p-1.5 font-mono dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
      ) : null}
    </section>
  );
}
