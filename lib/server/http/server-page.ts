import 'server-only';

/*
 * The pages the server writes itself, without React and without a script: a share's
 * page, its 404, and the error pages a browser gets where an API would answer JSON
 * (error-page.ts). One shell, so they all look like Sluice: its name and mark linking to
 * its home, its type and colours, light or dark as the reader chose in the app, else as
 * their system is (`public/share.css`, the one stylesheet, of this origin: the CSP allows it).
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML text and quoted attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The theme the reader chose in the app; undefined: none chosen, the system's scheme. */
export type PageTheme = 'light' | 'dark' | undefined;

/**
 * The reader's chosen theme, from the request's `sluice-theme` cookie: the app's theme
 * toggle sets it beside its localStorage (components/theme.ts), so a page with no script
 * follows the choice too.
 */
export function pageTheme(headers: { get(name: string): string | null }): PageTheme {
  const value = (headers.get('cookie') ?? '').match(/(?:^|;)\s*sluice-theme=(light|dark)\s*(?:;|$)/)?.[1];
  return value === 'light' || value === 'dark' ? value : undefined;
}

/** Sluice's mark (app/icon.svg), inline: the page loads nothing but its stylesheet. */
const MARK =
  '<svg class="sluice-mark" aria-hidden="true" viewBox="0 0 32 32" width="20" height="20">' +
  '<rect width="32" height="32" rx="7" fill="#0284c7"/>' +
  '<path d="M6 20c4 0 4-8 8-8s4 8 8 8 4-6 4-6" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/></svg>';

/** The bar at the top of every server page: Sluice's name, a link home. */
export const SLUICE_BAR = `<nav class="sluice-bar" aria-label="Sluice"><a class="sluice-brand" href="/">${MARK}Sluice</a></nav>`;

/**
 * A whole page. The referrer policy is `same-origin`, not `no-referrer`: a form posted from
 * the page must carry its Origin (Chromium sends `Origin: null` under `no-referrer`, which
 * the origin check refuses), and no other site learns the address, a share's token in it
 * (docs/decisions.md: "The share page's referrer: same-origin"). `theme`: the reader's
 * choice, a class on the root the stylesheet follows over the system's scheme.
 */
export function serverPageHtml(title: string, body: string, theme?: PageTheme): string {
  return `<!doctype html>
<html lang="en"${theme ? ` class="${theme}"` : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/share.css"></head>
<body>${SLUICE_BAR}${body}</body></html>`;
}

/** An HTML page that no cache keeps (a revoked share must be gone at once) and no search engine lists. */
export function htmlPage(html: string, status = 200): Response {
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
    },
  });
}
