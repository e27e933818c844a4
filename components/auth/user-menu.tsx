'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import type { User } from '@/lib/api/users';
import { Button } from '@/components/ui/button';
import { NAV_LINK } from '@/components/sidebar/nav-link';

/**
 * Who is signed in, at the foot of the sidebar, with the pages that are theirs as a
 * signed-in person: Tokens (what their apps send through the proxy) and, for an admin,
 * Usage; and the way out. Without sign-in there is none of this. Sign-out is a
 * same-origin POST (the session row goes, on every instance); then the app reloads
 * at its start, which now asks to sign in.
 */
export function UserMenu({ user, canSignOut }: { user: User; canSignOut: boolean }) {
  const [failed, setFailed] = useState<string | undefined>();
  const pathname = usePathname();
  const pages = [{ label: 'Tokens', href: '/tokens' }, ...(user.admin ? [{ label: 'Usage', href: '/admin' }] : [])];
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
      <p className="truncate px-3 text-zinc-700 dark:text-zinc-300" title={user.email ?? user.name}>
        Signed in as <span className="font-medium">{user.name ?? user.email ?? 'you'}</span>
      </p>
      <ul aria-label="Your pages" className="flex flex-col">
        {pages.map(({ label, href }) => (
          <li key={href}>
            <Link href={href} aria-current={pathname === href ? 'page' : undefined} className={NAV_LINK}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
      {canSignOut ? (
        <Button
          onClick={signOut}
          className="mx-3 self-start rounded border border-zinc-300 px-2 py-1 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          Sign out
        </Button>
      ) : null}
      {failed ? (
        <p role="alert" className="px-3 text-red-700 dark:text-red-400">
          Cannot sign out: {failed}
        </p>
      ) : null}
    </section>
  );
}
