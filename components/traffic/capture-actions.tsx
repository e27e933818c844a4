'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { replaysAsChat, type CaptureDetail } from '@/lib/api/captures';
import { captureHarPath } from '@/lib/client/api';
import { captureExchange } from '@/lib/client/traffic/capture-exchange';
import { useDeleteCapture } from '@/lib/client/traffic/use-captures';
import { curlCommand } from '@/lib/event-log/curl';
import { readRequestText } from '@/lib/protocols/read-request';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyReplayUrl } from '../copy-replay-url';

const action =
  'rounded-md border border-zinc-300 px-2.5 py-1 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800';

/**
 * What a capture can become: a curl command (its key read from a variable), a HAR 1.2
 * file, its replay URL (an upstream for any SDK), and, for a known protocol's request that
 * reads back as a conversation, a chat or a race started from it, and its answer replayed
 * in a new chat; and it can be deleted. (Its stream's .sse and .jsonl are the event log's exports.)
 */
export function CaptureActions({ capture }: { capture: CaptureDetail }) {
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState(false);
  const remove = useDeleteCapture();
  const router = useRouter();
  const { protocol } = capture;
  const body = capture.request.body.text;
  const opens = useMemo(() => protocol !== undefined && readRequestText(protocol, body) !== undefined, [protocol, body]);
  return (
    <div role="group" aria-label="Capture actions" className="flex flex-wrap gap-2">
      {/* A WebSocket's exchange is its messages, which a curl command cannot send. */}
      {capture.webSocket ? null : (
        <Button
          onClick={() => void navigator.clipboard?.writeText(curlCommand(captureExchange(capture))).then(() => setCopied(true))}
          className={action}
        >
          {copied ? 'Copied' : 'Copy as curl'}
        </Button>
      )}
      {/* A plain link: the server names the file (Content-Disposition), and the browser saves it. */}
      <a href={captureHarPath(capture.id)} download className={action}>
        Export HAR
      </a>
      <CopyReplayUrl id={capture.id} className={action} />
      {opens ? (
        <>
          {replaysAsChat(capture) ? (
            <Link href={`/?capture=${encodeURIComponent(capture.id)}&replay`} className={action}>
              Replay
            </Link>
          ) : null}
          <Link href={`/?capture=${encodeURIComponent(capture.id)}`} className={action}>
            Open in chat
          </Link>
          <Link href={`/compare?capture=${encodeURIComponent(capture.id)}`} className={action}>
            Compare with…
          </Link>
          {capture.reply && capture.events && capture.status !== 'streaming' ? (
            <Link href={`/diff?a=${encodeURIComponent(capture.id)}`} aria-label="Diff with a stored reply" className={action}>
              Diff with…
            </Link>
          ) : null}
        </>
      ) : null}
      <Button onClick={() => setAsking(true)} className={`${action} text-rose-700 dark:text-rose-400`}>
        Delete
      </Button>
      {asking ? (
        <ConfirmDialog
          title="Delete this capture?"
          confirm="Delete"
          onConfirm={() => remove.mutate(capture.id, { onSuccess: () => router.push('/traffic') })}
          onClose={() => setAsking(false)}
        >
          {capture.method} {capture.path} and its events will be gone for good. A cassette recorded from it keeps its copy.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
