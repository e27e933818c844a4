'use client';

import { CONTENT_ID } from '../skip-link';
import { ShareList } from './share-list';
import { PageHeader, PageTitle } from '../page-header';
import { PageStats } from '../page-stats';

/** /shares: every share the caller made, with Revoke. */
export function SharesView() {
  return (
    <div className="flex min-h-screen min-w-0 flex-col px-4 pb-6">
      <PageStats />
      <PageHeader>
        <PageTitle>Shares</PageTitle>
      </PageHeader>
      <main id={CONTENT_ID} tabIndex={-1} className="flex max-w-4xl min-w-0 flex-col gap-3 py-4 outline-none">
        <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
          The read-only snapshots you shared with a link (&ldquo;Share&rdquo; on a conversation, a race, a run or a diff). A link
          is shown only when it is made; a revoked one opens nothing, for anyone.
        </p>
        <ShareList />
      </main>
    </div>
  );
}
