'use client';

import { useState } from 'react';
import type { User } from '@/lib/api/users';
import { Button } from '@/components/ui/button';

/**
 * Who is signed in, at the foot of the sidebar, and the way out. Sign-out is a
 * same-origin POST (the session row goes, on every instance); then the app reloads
 * at its start, which now asks to sign in.
 */
export function UserMenu({ user, canSignOut }: { user: User; canSignOut: boolean }) {
  const [failed, setFailed] = useState<string | undefined>();
  const signOut = async () => {
    setFailed(undefined);
    try {
      const response = await fetch('/api/auth/sign-out', { method: 'POST' });
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      // A full load, not a client navigation: no cached page or query of the signed-out user stays.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign('/');
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <section aria-label="Account" className="flex flex-col gap-1 border-t border-zinc-200 p-3 text-xs dark:border-zinc-800">
      <p className="truncate text-zinc-700 dark:text-zinc-300" title={user.email ?? user.name}>
        Signed in as <span className="font-medium">{user.name ?? user.email ?? 'you'}</span>
      </p>
      {canSignOut ? (
        <Button
          onClick={signOut}
          className="self-start rounded border border-zinc-300 px-2 py-1 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          Sign out
        </Button>
      ) : null}
      {failed ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Cannot sign out: {failed}
        </p>
      ) : null}
    </section>
  );
}
