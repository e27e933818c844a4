'use client';

import { CONTENT_ID } from '../skip-link';
import { ThemeToggle } from '../theme-toggle';
import { ShareList } from './share-list';

/** /shares: every share the caller made, with Revoke. */
export function SharesView() {
  return (
    <div className="mx-auto flex min-h-screen w-full max-w-4xl min-w-0 flex-col px-4">
      <header className="sticky top-0 z-10 flex flex-wrap items-center gap-3 border-b border-zinc-200 bg-white py-3 pl-10 md:pl-0 dark:border-zinc-800 dark:bg-zinc-950">
        <h1 className="flex h-8 items-center text-lg font-semibold tracking-tight">Shares</h1>
        <span className="ml-auto">
          <ThemeToggle />
        </span>
      </header>
      <main id={CONTENT_ID} tabIndex={-1} className="flex flex-col gap-3 py-6 outline-none">
        <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
          The read-only snapshots you shared with a link (&ldquo;Share&rdquo; on a conversation, a compare session or a diff). A
          link is shown only when it is made; a revoked one opens nothing, for anyone.
        </p>
        <ShareList />
      </main>
    </div>
  );
}
