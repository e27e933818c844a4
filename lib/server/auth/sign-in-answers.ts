import 'server-only';
import { apiError } from '@/lib/server/http/errors';
import { store } from '../store';
import { checkEnvironment } from '@/lib/server/platform/environment';
import type { OidcSettings } from './auth-settings';
import { cookieJar, readCookie, setCookie } from './cookies';
import { authMode } from './current-user';
import { beginSignIn, finishSignIn, FLOW_LIFETIME_S, SignInRefused } from './oidc-sign-in';
import { returnPath } from './return-path';
import { SESSION_LIFETIME_MS } from '@/lib/server/store/session-store';

/** The OIDC settings, or the 404 the sign-in routes are in any other mode. */
function oidcOnly(): OidcSettings | Response {
  const settings = authMode();
  if (settings.mode === 'oidc') return settings.oidc;
  return apiError(404, 'not_found', `Sluice signs users in itself only with SLUICE_AUTH=oidc (it is ${settings.mode}).`);
}

/**
 * GET /api/auth/sign-in[?next=/path]: off to the provider, the flow's secrets (and the
 * page to come back to) kept in a short-lived cookie.
 */
export async function signInAnswer(request: Request): Promise<Response> {
  const settings = oidcOnly();
  if (settings instanceof Response) return settings;
  try {
    const next = returnPath(new URL(request.url).searchParams.get('next'));
    const { location, flow } = await beginSignIn(settings, next);
    const jar = cookieJar(settings.publicUrl);
    const headers = new Headers({ location, 'cache-control': 'no-store' });
    headers.append('set-cookie', setCookie(jar, jar.flow, flow, FLOW_LIFETIME_S));
    return new Response(null, { status: 302, headers });
  } catch (error) {
    if (error instanceof SignInRefused) return refusalPage(error);
    throw error;
  }
}

/**
 * GET /api/auth/callback: the provider's answer checked, the user made or updated, a
 * session opened, its cookie set and the flow's cleared; then the app. A refusal is a
 * small page saying why, with the way to try again.
 */
export async function callbackAnswer(request: Request): Promise<Response> {
  const settings = oidcOnly();
  if (settings instanceof Response) return settings;
  const jar = cookieJar(settings.publicUrl);
  try {
    const { identity, next } = await finishSignIn(settings, new URL(request.url).search, readCookie(request.headers, jar.flow));
    const db = await store();
    const user = await db.users.signedIn(identity, checkEnvironment().SLUICE_ADMIN_EMAILS);
    const { token } = await db.sessions.open(user.id);
    const headers = new Headers({ location: returnPath(next) ?? '/', 'cache-control': 'no-store' });
    headers.append('set-cookie', setCookie(jar, jar.session, token, SESSION_LIFETIME_MS / 1000));
    headers.append('set-cookie', setCookie(jar, jar.flow, '', 0));
    return new Response(null, { status: 303, headers });
  } catch (error) {
    if (!(error instanceof SignInRefused)) throw error;
    const page = refusalPage(error);
    page.headers.append('set-cookie', setCookie(jar, jar.flow, '', 0));
    return page;
  }
}

/** POST /api/auth/sign-out (same-origin, as every write): the session row goes, and the cookie. */
export async function signOutAnswer(request: Request): Promise<Response> {
  const settings = oidcOnly();
  if (settings instanceof Response) return settings;
  const jar = cookieJar(settings.publicUrl);
  const token = readCookie(request.headers, jar.session);
  if (token) await (await store()).sessions.close(token);
  return new Response(null, { status: 204, headers: { 'set-cookie': setCookie(jar, jar.session, '', 0) } });
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A sign-in that did not finish, as a page a person reads (no script, no style: the CSP allows neither inline). */
function refusalPage(refused: SignInRefused): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in failed · Sluice</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Sign-in failed</h1><p>${escape(refused.message)}</p>
<p><a href="/api/auth/sign-in">Sign in again</a></p></main></body></html>`;
  return new Response(html, {
    status: refused.status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}
