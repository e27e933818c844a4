'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import type { CaptureDetail } from '@/lib/api/captures';
import { replayUrl } from '@/lib/api/replay';
import { captureHarPath } from '@/lib/client/api';
import { captureExchange } from '@/lib/client/traffic/capture-exchange';
import { captureOffers, capturePaths } from '@/lib/client/traffic/capture-offers';
import { useDeleteCapture } from '@/lib/client/traffic/use-captures';
import { curlCommand } from '@/lib/event-log/curl';
import { readRequestText } from '@/lib/protocols/read-request';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MenuButton, type MenuItem } from '@/components/ui/menu-button';

const action =
  'rounded-md border border-zinc-300 px-2.5 py-1 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800';
/** The app's primary look (sky-700 under white text keeps its contrast in both themes). */
const primary = 'rounded-md border border-sky-700 bg-sky-700 px-2.5 py-1 text-sm font-medium text-white hover:bg-sky-800';

/**
 * What a capture can become. In sight, what it is most often opened for: its answer
 * replayed in a new chat, its conversation opened as a chat, its request as a curl
 * command. Under "More actions", the rest: a race on its prompt, a diff beside a stored
 * reply, its replay URL (an upstream for any SDK), a HAR 1.2 file, and deleting it. Nine
 * buttons in a row read as none in particular. (Its stream's .sse and .jsonl are the event log's exports.)
 */
export function CaptureActions({ capture }: { capture: CaptureDetail }) {
  const [copied, setCopied] = useState(false);
  const [said, setSaid] = useState('');
  const [asking, setAsking] = useState(false);
  const remove = useDeleteCapture();
  const router = useRouter();
  const { protocol, id } = capture;
  const body = capture.request.body.text;
  const readsBack = useMemo(() => protocol !== undefined && readRequestText(protocol, body) !== undefined, [protocol, body]);
  const offers = captureOffers(capture, readsBack);
  const more: MenuItem[] = [
    ...(offers.race ? [{ label: 'Race this prompt', href: capturePaths.race(id) }] : []),
    ...(offers.diff ? [{ label: 'Diff with a stored reply', href: capturePaths.diff(id) }] : []),
    {
      label: 'Copy replay URL',
      onSelect: () =>
        void navigator.clipboard?.writeText(replayUrl(window.location.origin, id)).then(
          () => setSaid('Replay URL copied.'),
          () => setSaid('Could not copy the replay URL.'),
        ),
    },
    // The server names the file (Content-Disposition), and the browser saves it.
    { label: 'Export HAR', href: captureHarPath(id), download: true },
    { label: 'Delete', danger: true, onSelect: () => setAsking(true) },
  ];
  return (
    <div role="group" aria-label="Capture actions" className="flex flex-wrap items-center gap-2">
      {offers.replay ? (
        <Link href={capturePaths.replay(id)} className={primary}>
          Replay
        </Link>
      ) : null}
      {offers.openInChat ? (
        <Link href={capturePaths.chat(id)} className={action}>
          Open in chat
        </Link>
      ) : null}
      {offers.curl ? (
        <Button
          onClick={() => void navigator.clipboard?.writeText(curlCommand(captureExchange(capture))).then(() => setCopied(true))}
          className={action}
        >
          {copied ? 'Copied' : 'Copy as curl'}
        </Button>
      ) : null}
      <MenuButton label="More actions" menuLabel="More capture actions" items={more} className={action}>
        More actions <span aria-hidden="true">▾</span>
      </MenuButton>
      <span role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        {said}
      </span>
      {asking ? (
        <ConfirmDialog
          title="Delete this capture?"
          confirm="Delete"
          onConfirm={() => remove.mutate(id, { onSuccess: () => router.push('/traffic') })}
          onClose={() => setAsking(false)}
        >
          {capture.method} {capture.path} and its events will be gone for good. A cassette recorded from it keeps its copy.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
