'use client';

import type { EventLog } from '@/lib/event-log/event-log';
import { toJsonl, toSse } from '@/lib/event-log/export';
import { Button } from '@/components/ui/button';

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves the stream as its raw bytes (.sse) or one timed event per line (.jsonl). */
export function LogExports({ log }: { log: EventLog }) {
  const base = `sluice-${log.protocol}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  return (
    <div className="flex gap-2 text-xs">
      <Button onClick={() => download(`${base}.sse`, toSse(log), 'text/event-stream')} className="rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700">
        Export .sse
      </Button>
      <Button onClick={() => download(`${base}.jsonl`, toJsonl(log), 'application/jsonl')} className="rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700">
        Export .jsonl
      </Button>
    </div>
  );
}
