import 'server-only';
import { authMode } from '@/lib/server/auth/current-user';
import { readCookie } from '@/lib/server/auth/cookies';
import { signInPageFor } from '@/lib/server/auth/return-path';

/*
 * "Fork into my conversations" pressed without a sign-in: the visitor signs in first, and
 * the fork then happens on the way back, without a second press. The way back is a GET
 * (the provider redirects), and a GET that forks for whoever follows a link would let any
 * site fill a signed-in person's history; so the fork on the way back needs this cookie,
 * which only the share page's own form post (same origin: `security/guard.ts`) sets. It
 * lives a quarter of an hour, on that share's fork path alone.
 */

const LIFETIME_S = 15 * 60;

const forkPath = (token: string) => `/s/${token}/fork`;

/** The cookie's name and Secure flag: as the sign-in's own cookies are (auth/cookies.ts). */
function cookieOf(): { name: string; secure: boolean } {
  const settings = authMode();
  const secure = settings.mode === 'oidc' && new URL(settings.oidc.publicUrl).protocol === 'https:';
  return { name: `${secure ? '__Secure-' : ''}sluice_fork`, secure };
}

function cookie(token: string, value: string, maxAge: number): string {
  const { name, secure } = cookieOf();
  return [
    `${name}=${value}`,
    `Path=${forkPath(token)}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** Whether this request carries the fork asked for before a sign-in. */
export const hasForkIntent = (headers: Headers) => readCookie(headers, cookieOf().name) === '1';

/** The answer to a fork asked for without a sign-in: off to sign in, the fork remembered for the way back. */
export function signInThenFork(token: string): Response {
  const headers = new Headers({ location: signInPageFor(forkPath(token)), 'cache-control': 'no-store' });
  // Behind a signing proxy there is no way back through Sluice's sign-in: nothing to remember.
  if (authMode().mode === 'oidc') headers.append('set-cookie', cookie(token, '1', LIFETIME_S));
  return new Response(null, { status: 303, headers });
}

/** The Set-Cookie that forgets the fork once it is done. */
export const forkIntentDone = (token: string) => cookie(token, '', 0);
