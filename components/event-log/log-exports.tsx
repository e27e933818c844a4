'use client';

import type { EventLog } from '@/lib/event-log/event-log';
import { toJsonl, toSse } from '@/lib/event-log/export';
import { Button } from '@/components/ui/button';
import { saveFile } from '@/lib/client/save-file';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { replySummary, type ReplySummary } from '@/lib/assemble/reply-summary';
import { replyExportName } from '@/lib/client/event-log/export-name';

/** The reply's figures and cost for the .jsonl export, read as it is clicked (no subscription). */
function summaryOf(replyId: string | undefined): ReplySummary | undefined {
  const message = replyId ? useMessagePool.getState().messages[replyId] : undefined;
  return message?.role === 'assistant' ? replySummary(message) : undefined;
}

/** The files' name, read as a button is pressed: the one given, else the reply's own (its model and time). */
function baseName(log: EventLog, replyId: string | undefined, name: string | undefined): string {
  if (name) return name;
  const message = replyId ? useMessagePool.getState().messages[replyId] : undefined;
  return replyExportName(log, message?.role === 'assistant' ? message : undefined);
}

/** Saves the stream as its raw bytes (.sse) or one timed event per line (.jsonl, ending with the reply's figures and cost). */
export function LogExports({ log, replyId, name }: { log: EventLog; replyId?: string; name?: string }) {
  const base = () => baseName(log, replyId, name);
  return (
    <div className="flex gap-2 text-xs">
      <Button
        onClick={() => saveFile(`${base()}.sse`, toSse(log), 'text/event-stream')}
        className="rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700"
      >
        Export .sse
      </Button>
      <Button
        onClick={() => saveFile(`${base()}.jsonl`, toJsonl(log, summaryOf(replyId)), 'application/jsonl')}
        className="rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700"
      >
        Export .jsonl
      </Button>
    </div>
  );
}
