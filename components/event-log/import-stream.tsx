'use client';

import { useId, useState, type ReactNode } from 'react';
import { ImportError, importStream } from '@/lib/event-log/import';
import { replayImport } from '@/lib/client/event-log/replay';
import { Button } from '@/components/ui/button';

/**
 * Import a `.sse` capture or `.jsonl` export (pick, paste, or drop anywhere on what it
 * wraps): its reply is rebuilt in the chat.
 */
export function ImportStream({ children }: { children: ReactNode }) {
  const [pace, setPace] = useState<'recorded' | 'instant'>('recorded');
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string>();
  const hintId = useId();
  const load = (text: string, name: string) => {
    try {
      replayImport(importStream(text), name, pace);
      setError(undefined);
      setPasted('');
    } catch (e) {
      setError(e instanceof ImportError ? e.message : String(e));
    }
  };
  const loadFile = async (file: File | undefined) => file && load(await file.text(), file.name);
  return (
    <div
      className="flex min-h-0 flex-1 flex-col"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        void loadFile(e.dataTransfer.files[0]);
      }}
    >
      {children}
      <details open={error ? true : undefined} className="border-t border-zinc-200 p-3 text-xs dark:border-zinc-800">
        <summary className="cursor-pointer">Import or paste a stream</summary>
        <div className="mt-2 flex flex-col gap-2">
          <label className="flex flex-col gap-1">
            <span className="font-medium">Import stream</span>
            <input
              type="file"
              accept=".sse,.jsonl,.txt,.log,text/event-stream,application/json"
              aria-describedby={hintId}
              onChange={(e) => void loadFile(e.target.files?.[0])}
              className={[
                'max-w-full text-zinc-600 file:mr-2 file:rounded file:border file:border-zinc-300 file:bg-white',
                'file:px-2 file:py-1 file:text-zinc-900 dark:text-zinc-400 dark:file:border-zinc-700',
                'dark:file:bg-zinc-900 dark:file:text-zinc-100',
              ].join(' ')}
            />
          </label>
          <p id={hintId} className="text-zinc-600 dark:text-zinc-400">
            A <code className="whitespace-nowrap">.sse</code> capture (
            <code className="whitespace-nowrap">curl -N … &gt; reply.sse</code>) or a{' '}
            <code className="whitespace-nowrap">.jsonl</code> export; or drop a file anywhere on the log.
          </p>
          <fieldset className="flex gap-3">
            <legend className="sr-only">Replay</legend>
            <label className="flex items-center gap-1">
              <input type="radio" name="pace" checked={pace === 'recorded'} onChange={() => setPace('recorded')} />
              At its recorded pace
            </label>
            <label className="flex items-center gap-1">
              <input type="radio" name="pace" checked={pace === 'instant'} onChange={() => setPace('instant')} />
              Instantly
            </label>
          </fieldset>
          <textarea
            aria-label="Paste SSE"
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
            rows={3}
            placeholder="data: {…}"
            className="rounded border border-zinc-300 p-1 font-mono dark:border-zinc-700 dark:bg-zinc-900"
          />
          <Button
            disabled={!pasted.trim()}
            onClick={() => load(pasted, 'pasted stream')}
            className="self-start rounded border border-zinc-300 px-2 py-1 disabled:opacity-40 dark:border-zinc-700"
          >
            Load pasted stream
          </Button>
          {error ? (
            <p role="alert" className="text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </div>
      </details>
    </div>
  );
}
