import 'server-only';
/**
 * Where a sign-in returns to: the page the visitor asked for before being sent to sign in
 * (`/sign-in?next=…`, kept in the flow's cookie while at the provider). Only a path on
 * this Sluice is taken, never another site (`//host`, `/\host`, `https:`): no open
 * redirect. The sign-in routes themselves are not returned to.
 */
export function returnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2000 || !value.startsWith('/') || /^\/[/\\]/.test(value) || /[\s\\]/.test(value)) return undefined;
  const base = 'http://sluice.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base || url.pathname === '/sign-in' || url.pathname.startsWith('/api/auth/')) return undefined;
  return `${url.pathname}${url.search}`;
}

/** The request header proxy.ts sets on every page request: its path and query, for pageUser()'s way back. */
export const PAGE_PATH_HEADER = 'x-sluice-path';

/** The sign-in page's address that comes back to `path` (the plain page for `/` or none). */
export function signInPageFor(path: string | undefined): string {
  const back = returnPath(path);
  return back && back !== '/' ? `/sign-in?next=${encodeURIComponent(back)}` : '/sign-in';
}
