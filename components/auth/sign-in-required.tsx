import { PageStats } from '../page-stats';

/**
 * The page a visitor without a sign-in is sent to (app/sign-in/page.tsx). With
 * Sluice's own sign-in (`oidc`), a link to it; behind a signing proxy (`proxy`), only
 * words: the proxy in front signs people in, and reaching this page means it did not.
 */
export function SignInRequiredPage({ mode, next }: { mode: 'proxy' | 'oidc'; next?: string }) {
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-3 px-4 py-16">
      <PageStats />
      <h1 className="text-xl font-semibold">Sign in to Sluice</h1>
      {mode === 'oidc' ? (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Sign in with your organization&rsquo;s account to see your conversations.
          </p>
          <p>
            {/* A plain link, not next/link: no prefetch may start a sign-in. */}
            <a
              // Back to the page asked for, once signed in (the routes check it again).
              href={next ? `/api/auth/sign-in?next=${encodeURIComponent(next)}` : '/api/auth/sign-in'}
              className="inline-block rounded-lg bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800"
            >
              Sign in
            </a>
          </p>
        </>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          This Sluice is signed into through the proxy in front of it, which did not say who you are. Open it at the address your
          team uses (the one behind the sign-in), or ask whoever runs it.
        </p>
      )}
    </main>
  );
}
