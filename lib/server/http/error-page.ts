import 'server-only';
import type { ApiErrorBody } from '@/lib/api/errors';
import type { RequestHeaders } from './security/same-origin';
import { escapeHtml, htmlPage, pageTheme, serverPageHtml, type PageTheme } from './server-page';

/*
 * A browser that navigates (a link followed, a form posted, an address typed) shows
 * whatever comes back as the page: an error there is a page a person reads, with a way
 * on, never a raw JSON body. Scripts (fetch, curl, SDKs) keep the JSON.
 */

/**
 * Whether the request is a browser's navigation: `Sec-Fetch-Mode: navigate` where the
 * browser says (every current one does); else an Accept that asks for HTML first, as a
 * browser's navigation does and fetch() and curl (`*∕*`) do not.
 */
export function isNavigation(headers: RequestHeaders): boolean {
  const mode = headers.get('sec-fetch-mode');
  if (mode !== null) return mode === 'navigate';
  return /^\s*text\/html\b/i.test(headers.get('accept') ?? '');
}

const HEADINGS: Record<number, string> = {
  400: 'That request was not understood',
  401: 'Sign in first',
  403: 'Refused',
  404: 'Not found',
  409: 'That cannot be done',
  413: 'Too large',
  415: 'Refused',
  429: 'Too many requests',
  502: 'The upstream failed',
  503: 'Not available right now',
};

/** A way on from an error page: where, and its words. */
export interface PageLink {
  href: string;
  label: string;
}

/** An error as a page's HTML: what happened, in the server's words, and a way on (home, unless `link` says better). */
export function errorPageHtml(status: number, message: string, link?: PageLink, theme?: PageTheme): string {
  const heading = HEADINGS[status] ?? (status >= 500 ? 'Something failed' : 'That did not work');
  const links = [link, { href: '/', label: 'Go to Sluice' }]
    .filter((l): l is PageLink => l !== undefined)
    .map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`)
    .join(' · ');
  return serverPageHtml(
    `${heading} · Sluice`,
    `<main class="share-missing"><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(message)}</p>` +
      `<p class="share-status-code">HTTP ${status}</p><p>${links}</p></main>`,
    theme,
  );
}

/** An error as a page (errorPageHtml), answered with its status, in the theme the request's cookie names. */
export const errorPage = (status: number, message: string, headers?: RequestHeaders, link?: PageLink): Response =>
  htmlPage(errorPageHtml(status, message, link, headers && pageTheme(headers)), status);

/**
 * `response` as a browser's navigation should get it: a JSON error (the API's body
 * shape, `lib/api/errors.ts`) becomes its page; anything else, and any answer to a
 * script, is left as it is.
 */
export async function asPageForBrowser(headers: RequestHeaders, response: Response, link?: PageLink): Promise<Response> {
  if (response.status < 400 || !isNavigation(headers)) return response;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
  let message = response.statusText || 'The request failed.';
  try {
    const body = (await response.clone().json()) as Partial<ApiErrorBody> & { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') message = body.error.message;
  } catch {
    // Not the error shape: the status alone says it.
  }
  const page = errorPage(response.status, message, headers, link);
  for (const cookie of response.headers.getSetCookie()) page.headers.append('set-cookie', cookie);
  const retry = response.headers.get('retry-after');
  if (retry) page.headers.set('retry-after', retry);
  return page;
}
