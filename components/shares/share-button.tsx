'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { SHARE_EXPIRY_DAYS, type CreatedShare, type NewShareBody } from '@/lib/api/shares';
import { useCreateShare } from '@/lib/client/shares/share-list';
import { useOrigin } from '@/lib/client/use-origin';
import { useCurrentUser } from '@/lib/client/current-user';
import { LOCAL_USER_ID } from '@/lib/api/users';
import { Button } from '@/components/ui/button';
import { ShareList } from './share-list';

/** What a Share button snapshots. */
export type ShareTarget = Pick<NewShareBody, 'kind' | 'id' | 'a' | 'b'>;

const WHAT = {
  conversation: 'this conversation',
  compare: 'this race',
  diff: 'these two replies',
  run: 'this run',
} as const;

/**
 * "Share": a dialog that makes a read-only snapshot of `target` behind a new link (with an
 * expiry and a signed-in-only switch), shows the link once with Copy, and lists the
 * caller's shares with Revoke.
 */
export function ShareButton({ target, className }: { target: ShareTarget; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={className ?? 'rounded-md border border-zinc-300 px-2 py-1 text-xs dark:border-zinc-700'}
      >
        Share
      </Button>
      {open ? <ShareDialog target={target} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The Share dialog alone, opened as it mounts: for a Share that is a menu's item, not a button of its own. */
export function ShareDialog({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Opened once rendered: the dialog's content is made fresh each time.
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="share-dialog-title"
      // Its own close only: React passes a nested dialog's close (Revoke's question) up to here too.
      onClose={(e) => e.target === e.currentTarget && onClose()}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg bg-white p-4 text-zinc-900 backdrop:bg-black/40 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <ShareForm target={target} onDone={() => dialog.current?.close()} />
    </dialog>
  );
}

function ShareForm({ target, onDone }: { target: ShareTarget; onDone: () => void }) {
  const ids = { expiry: useId(), members: useId(), link: useId() };
  const [days, setDays] = useState('');
  const [signedInOnly, setSignedInOnly] = useState(false);
  const [made, setMade] = useState<CreatedShare>();
  const [copied, setCopied] = useState(false);
  // Without sign-in there is no one signed in to limit a link to: the choice is not offered.
  const me = useCurrentUser();
  const signIn = me !== undefined && me.id !== LOCAL_USER_ID;
  const create = useCreateShare();
  const origin = useOrigin();
  const link = made ? `${origin}${made.url}` : '';
  const copy = async () => {
    await navigator.clipboard.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="flex flex-col gap-3 text-sm">
      <h2 id="share-dialog-title" className="font-semibold">
        Share {WHAT[target.kind]}
      </h2>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        A read-only snapshot as it is now, with each reply&rsquo;s raw events and timing: later changes are not in it.{' '}
        {signedInOnly ? 'Anyone signed in here who has the link' : 'Anyone with the link'} can open it, until it expires or you
        revoke it.
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label htmlFor={ids.expiry} className="flex items-center gap-2">
          Expires
          <select
            id={ids.expiry}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            disabled={made !== undefined}
            className="rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-950"
          >
            <option value="">Never</option>
            {SHARE_EXPIRY_DAYS.map((d) => (
              <option key={d} value={d}>
                In {d} {d === 1 ? 'day' : 'days'}
              </option>
            ))}
          </select>
        </label>
        {signIn ? (
          <label htmlFor={ids.members} className="flex items-center gap-2">
            <input
              id={ids.members}
              type="checkbox"
              role="switch"
              checked={signedInOnly}
              onChange={(e) => setSignedInOnly(e.target.checked)}
              disabled={made !== undefined}
              className="h-4 w-4 accent-sky-700"
            />
            Signed-in users only
          </label>
        ) : null}
      </div>
      {made ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.link} className="text-xs text-zinc-600 dark:text-zinc-400">
            Share link (shown this once: copy it now)
          </label>
          <div className="flex gap-2">
            <input
              id={ids.link}
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
            />
            <Button onClick={copy} className="shrink-0 rounded-md bg-sky-700 px-3 py-1 text-white hover:bg-sky-800">
              Copy link
            </Button>
          </div>
          <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
            {copied ? 'Copied.' : ''}
          </p>
        </div>
      ) : (
        <Button
          disabled={create.isPending}
          onClick={() =>
            create.mutate(
              { ...target, ...(days ? { expiresInDays: Number(days) } : {}), signedInOnly },
              { onSuccess: (share) => setMade(share) },
            )
          }
          className="self-start rounded-md bg-sky-700 px-3 py-1 text-white hover:bg-sky-800 disabled:opacity-60"
        >
          {create.isPending ? 'Creating link…' : 'Create link'}
        </Button>
      )}
      {create.isError ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          No link made: {create.error.message}
        </p>
      ) : null}
      <section
        aria-labelledby="share-list-title"
        className="flex flex-col gap-1 border-t border-zinc-200 pt-3 dark:border-zinc-800"
      >
        <h3 id="share-list-title" className="text-xs font-semibold">
          Your shares
        </h3>
        <ShareList limit={5} />
        <a href="/shares" className="text-xs text-sky-700 underline dark:text-sky-400">
          All your shares
        </a>
      </section>
      <Button onClick={onDone} className="self-end rounded-md border border-zinc-300 px-3 py-1 dark:border-zinc-700">
        Close
      </Button>
    </div>
  );
}
