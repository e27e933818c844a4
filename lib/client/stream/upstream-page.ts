/**
 * An upstream (or a proxy before it: nginx, a load balancer, Cloudflare) that answers
 * with an HTML page instead of JSON or an event stream. The server quotes its start in
 * the error's message (lib/server/streams/relay/send-upstream.ts: "The upstream answered HTTP
 * 502: <html>…", or "… text/html, not an event stream: <html>…") and passes the body on
 * beside it (`upstreamBody`, which the failed reply stores too); markup is no way to tell
 * anyone what happened, so the page shows what the markup says and keeps the markup one
 * click away.
 */
export interface UpstreamPage {
  /** The upstream's HTTP status, when the message says it. */
  status?: number;
  /** The page's title (or first heading), without the status it repeats; empty when it has neither. */
  title: string;
  /** Its visible text, short, less what the title already says. */
  text: string;
  /** The page as it came, as far as it was kept. */
  raw: string;
}

/** How much of the page's text is shown: the raw page has the rest. */
const MAX_TEXT = 200;

const ANSWERED = /^The upstream answered (?:HTTP (\d{3})|[^:]*?, not an event stream)(?:: ([\s\S]*))?$/;
const PAGE_ELEMENT = /<(?:!doctype\s+html|html|head|body|title)\b/i;
/** Markup from its first character (a JSON error may quote some), with a page's elements. */
const looksHtml = (text: string) => /^\s*</.test(text) && PAGE_ELEMENT.test(text);

/**
 * The page in an upstream's error: undefined when the message carries no HTML page (a
 * provider's JSON error reads well as it is). `body`: the page as the error carried it
 * (`upstreamBody`, live or stored: longer than the message's excerpt), when there is one.
 */
export function upstreamPage(message: string, body?: string): UpstreamPage | undefined {
  const said = ANSWERED.exec(message);
  if (!said) return undefined;
  const raw = body || said[2] || '';
  if (!looksHtml(raw)) return undefined;
  const status = said[1] ? Number(said[1]) : undefined;
  const fullTitle = textOf(
    firstMatch(raw, /<title[^>]*>([\s\S]*?)<\/title>/i) ?? firstMatch(raw, /<h1[^>]*>([\s\S]*?)<\/h1>/i) ?? '',
  );
  return {
    ...(status !== undefined ? { status } : {}),
    title: withoutStatus(fullTitle, status),
    text: short(withoutTitle(textOf(bodyOf(raw)), fullTitle)),
    raw,
  };
}

const firstMatch = (text: string, pattern: RegExp) => pattern.exec(text)?.[1];

/** What a browser would show of the page: no head, scripts, styles or comments. */
function bodyOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(head|script|style|noscript|template)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ');
}

/** Markup as text: tags gone, entities decoded, whitespace collapsed. */
function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>?/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** "502 Bad Gateway" under HTTP 502 says "Bad Gateway". */
function withoutStatus(title: string, status: number | undefined): string {
  if (status === undefined || !title.startsWith(String(status))) return title;
  return title.slice(3).replace(/^[\s:–—-]+/, '') || title;
}

/** The page's text, less its title where the page repeats it (nginx's h1 is its title). */
function withoutTitle(text: string, title: string): string {
  return title ? text.split(title).join(' ').replace(/\s+/g, ' ').trim() : text;
}

function short(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT - 1).trimEnd()}…`;
}
