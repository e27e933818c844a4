'use client';

import { useState, type ReactNode } from 'react';
import { playbackCommand } from '@/lib/client/runs/playback-command';
import { useRunCassette } from '@/lib/client/runs/use-runs';
import { Button } from '@/components/ui/button';
import { ACTION, PRIMARY } from './styles';

/** The command to copy, and a button that copies it. */
function PlaybackCommand({ command }: { command: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <pre
        tabIndex={0}
        aria-label="Playback command"
        className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs whitespace-pre-wrap break-all dark:bg-zinc-900"
      >
        {command}
      </pre>
      <Button
        onClick={() => void navigator.clipboard?.writeText(command).then(() => setCopied(true))}
        className={`self-start ${ACTION}`}
      >
        {copied ? 'Copied' : 'Copy command'}
      </Button>
    </div>
  );
}

/**
 * "Replay this run offline", the run page's primary action: makes a cassette of the run's exchanges, then shows the
 * command that plays the agent's run back from it, with nothing sent upstream. When the
 * server refuses (a cassette of that name exists, or no exchange ended whole), it says why.
 */
export function ReplayOffline({ runId, runName, children }: { runId: string; runName: string; children?: ReactNode }) {
  const cassette = useRunCassette(runId);
  return (
    <>
      <Button onClick={() => cassette.mutate()} disabled={cassette.isPending} className={PRIMARY}>
        {cassette.isPending ? 'Making a cassette…' : 'Replay this run offline'}
      </Button>
      {/* The run's other actions, on the button's line: what it answers goes under them all. */}
      {children}
      {cassette.isError ? (
        <p role="alert" className="basis-full text-sm text-red-700 dark:text-red-400">
          {cassette.error.message}
        </p>
      ) : null}
      {cassette.isSuccess ? (
        <div role="status" className="flex basis-full flex-col gap-1 text-sm">
          <p>
            Cassette <code className="font-mono">{cassette.data.name}</code> holds{' '}
            {cassette.data.entries === 1 ? '1 exchange' : `${cassette.data.entries} exchanges`}. Play the run back offline:
          </p>
          <PlaybackCommand command={playbackCommand(cassette.data.name, runName)} />
        </div>
      ) : null}
    </>
  );
}
