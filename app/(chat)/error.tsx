'use client';

import { Button } from '@/components/ui/button';

/** A page that failed on the server (its database unreachable, say): say so, and offer to try again. */
export default function ChatError({ reset }: { error: Error; reset: () => void }) {
  return (
    <main role="alert" className="mx-auto flex max-w-xl flex-col gap-3 px-4 py-16">
      <h1 className="text-xl font-semibold">This page could not be loaded</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The server failed while loading it; its log says why (an unreachable database, for instance).
      </p>
      <Button onClick={reset} className="self-start rounded bg-sky-700 px-3 py-1 text-sm text-white">
        Try again
      </Button>
    </main>
  );
}
