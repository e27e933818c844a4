'use client';

import { useState } from 'react';
import type { ShareSummary } from '@/lib/api/shares';
import { formatWhen, fullWhen } from '@/lib/client/format-when';
import { useRevokeShare, useShares } from '@/lib/client/shares/share-list';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

const KIND_WORDS = { conversation: 'Conversation', compare: 'Race', diff: 'Diff', run: 'Run' } as const;

function expiry(share: ShareSummary): string {
  if (share.revoked) return 'revoked';
  if (!share.expiresAt) return 'no expiry';
  return Date.parse(share.expiresAt) <= Date.now() ? 'expired' : `expires ${formatWhen(share.expiresAt)}`;
}

/** The caller's shares, newest first, each with its kind, when it was made, its expiry, and Revoke (asked first). */
export function ShareList({ limit }: { limit?: number }) {
  const shares = useShares();
  const revoke = useRevokeShare();
  const [asking, setAsking] = useState<ShareSummary>();
  if (shares.isPending) return <p className="text-xs text-zinc-600 dark:text-zinc-400">Loading shares…</p>;
  if (shares.isError)
    return (
      <p role="alert" className="text-xs text-red-700 dark:text-red-400">
        The shares could not be read: {shares.error.message}
      </p>
    );
  const listed = limit ? shares.data.slice(0, limit) : shares.data;
  if (listed.length === 0) return <p className="text-xs text-zinc-600 dark:text-zinc-400">No shares yet.</p>;
  return (
    <>
      <ul aria-label="Your shares" className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
        {listed.map((share) => (
          <li key={share.id} className="flex items-center gap-3 py-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className={`truncate ${share.revoked ? 'text-zinc-600 line-through dark:text-zinc-400' : ''}`}>{share.title}</p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                {KIND_WORDS[share.kind]} ·{' '}
                <time dateTime={share.createdAt} title={fullWhen(share.createdAt)}>
                  {formatWhen(share.createdAt)}
                </time>{' '}
                · {expiry(share)}
                {share.signedInOnly ? ' · signed-in users only' : ''}
              </p>
            </div>
            {share.revoked ? null : (
              <Button
                aria-label={`Revoke share "${share.title}"`}
                onClick={() => setAsking(share)}
                className="shrink-0 rounded-md border border-zinc-300 px-2 py-1 text-xs hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
      {revoke.isError ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          Not revoked: {revoke.error.message}
        </p>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title="Revoke this share?"
          confirm="Revoke"
          onConfirm={() => revoke.mutate(asking)}
          onClose={() => setAsking(undefined)}
        >
          Its link will open nothing from now on, for anyone who has it. This cannot be undone.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
