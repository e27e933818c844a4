import 'server-only';
import type { StoredEvents, StoredMessage } from '@/lib/api/conversations';
import type { DiffSide } from '@/lib/api/diff';
import type { SharedThread } from '@/lib/api/shares';
import { storedFigures, storedReplyMessage } from '@/lib/figures/stored-reply';
import { figureItems } from '@/lib/figures/figure-items';
import { ms } from '@/lib/figures/log-time';
import { partsOf, type ChatMessage } from '@/lib/protocols/conversation';
import type { OpenShare } from '@/lib/server/store/share-store';
import { escapeHtml, serverPageHtml, type PageTheme } from '@/lib/server/http/server-page';
import { shareMarkdownHtml } from './share-markdown';
import { runHtml } from './share-run';

/*
 * A share's page is plain HTML made here, with no script at all and one stylesheet of
 * this origin (`public/share.css`), in the shell of every page the server writes itself
 * (Sluice's name and mark linking home: `lib/server/http/server-page.ts`): a read-only
 * snapshot needs no script, there is nothing for a reply's text to run in, and the 404
 * below is the very same bytes whatever the link was (no nonce, no route data in it;
 * only the reader's own theme, from their cookie).
 */

const esc = escapeHtml;
const page = serverPageHtml;

/** Every link that opens nothing, whatever the reason, answers exactly this (in the reader's theme). */
export const shareNotFoundHtml = (theme: PageTheme) =>
  page(
    'Not found · Sluice',
    `<main class="share-missing"><h1>Not found</h1><p>There is nothing at this address.</p><p><a href="/">Go to Sluice</a></p></main>`,
    theme,
  );

const KIND_WORDS = {
  conversation: 'conversation',
  compare: 'race',
  diff: 'comparison of two replies',
  run: 'agent run',
} as const;

/**
 * The app's one date format ("Nov 28, 2026, 6:55 AM"), the exact moment on hover. A page
 * with no script cannot know its reader's zone, so it names its own: UTC.
 */
const SHARE_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const SHARE_EXACT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' });
const when = (iso: string) => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return esc(iso);
  return `<time datetime="${esc(iso)}" title="${esc(SHARE_EXACT.format(at))}">${esc(SHARE_DATE.format(at))} UTC</time>`;
};

/**
 * The read-only page of a live share. `forkAction`: where its "Fork" form posts (none for
 * a diff); `theme`: the reader's choice in the app (else the system's scheme).
 */
export function sharePageHtml(share: OpenShare, forkAction: string | undefined, theme?: PageTheme): string {
  const { snapshot } = share;
  const content =
    snapshot.kind === 'conversation'
      ? threadHtml(snapshot.conversation, 'h2')
      : snapshot.kind === 'compare'
        ? `<div class="share-columns">${snapshot.panes.map(paneHtml).join('')}</div>`
        : snapshot.kind === 'run'
          ? runHtml(snapshot.run)
          : `<div class="share-columns">${snapshot.sides.map((side, i) => sideHtml(side, i === 0 ? 'A' : 'B')).join('')}</div>`;
  const fork = forkAction
    ? `<form method="post" action="${esc(forkAction)}"><button type="submit" class="share-fork">Fork into my conversations</button></form>`
    : '';
  const expires = share.expiresAt ? ` · expires ${when(share.expiresAt)}` : '';
  const kind = `Shared ${KIND_WORDS[share.kind]} · read-only snapshot taken ${when(share.createdAt)}${expires}`;
  const foot =
    'A snapshot: what its owner shared, as it was then. Links in it are shown as text; nothing here loads from elsewhere.';
  return page(
    `${share.title} · Shared on Sluice`,
    `<header class="share-head"><div><p class="share-kind">${kind}</p>
<h1>${esc(share.title)}</h1></div>${fork}</header>
<main class="share-main">${content}</main>
<footer class="share-foot"><p>${foot}</p></footer>`,
    theme,
  );
}

function paneHtml(pane: SharedThread, i: number): string {
  const heading = `<h2>Pane ${i + 1}: ${esc(paneName(pane))}</h2>`;
  return `<section class="share-pane" aria-label="Pane ${i + 1}">${heading}${threadHtml(pane, 'h3')}</section>`;
}

function paneName(thread: SharedThread): string {
  const reply = thread.messages.find((m) => m.role === 'assistant' && 'model' in m) as
    { provider?: string; model?: string } | undefined;
  return reply?.model ? `${reply.provider} · ${reply.model}` : thread.title;
}

function threadHtml(thread: SharedThread, heading: 'h2' | 'h3'): string {
  const items = thread.messages.map((m) => `<li>${messageHtml(m, thread.events[m.id], heading)}</li>`);
  return `<ol class="share-thread">${items.join('')}</ol>`;
}

function sideHtml(side: DiffSide, label: string): string {
  const heading = `<h2>Reply ${label}: ${esc(side.title)}</h2>`;
  return `<section class="share-pane" aria-label="Reply ${label}">${heading}${messageHtml(side.reply, side.events ?? undefined, 'h3')}</section>`;
}

/** Whoever reads a share did not write it: the person's turns are "User", not "You". */
const ROLE_WORDS: Record<string, string> = { user: 'User', system: 'System', tool: 'Tool', assistant: 'Assistant' };

function messageHtml(message: StoredMessage, events: StoredEvents | undefined, heading: 'h2' | 'h3'): string {
  if (!('timings' in message)) {
    const content = 'content' in message ? contentHtml(message.content) : '';
    const role = `<${heading} class="share-role">${ROLE_WORDS[message.role] ?? esc(message.role)}</${heading}>`;
    return `<article class="share-message share-${esc(message.role)}">${role}${content}</article>`;
  }
  const reply = storedReplyMessage(message);
  const figures = figureItems(reply, storedFigures(message.timings), message.pricing ?? null);
  const thinking = reply.thinking
    ? `<details class="share-thinking"><summary>Thinking</summary><p class="share-plain">${esc(reply.thinking)}</p></details>`
    : '';
  const tools = reply.toolCalls
    .map(
      (call) => `<div class="share-tool"><p>Tool call <code>${esc(call.name)}</code></p><pre>${esc(call.argsText)}</pre></div>`,
    )
    .join('');
  const refusal = reply.refusal ? `<p class="share-refusal">Refused: ${esc(reply.refusal)}</p>` : '';
  const error = reply.error ? `<p class="share-error">Error: ${esc(reply.error.message)}</p>` : '';
  const status = reply.status !== 'complete' ? `<p class="share-status">Reply ${esc(reply.status)}</p>` : '';
  const figureRows = figures.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join('');
  const figureList = figures.length ? `<dl class="share-figures" aria-label="Reply figures">${figureRows}</dl>` : '';
  const role = `<${heading} class="share-role">${esc(message.provider)} · ${esc(message.model)}</${heading}>`;
  const text = `<div class="prose-share">${reply.text ? shareMarkdownHtml(reply.text) : ''}</div>`;
  return `<article class="share-message share-assistant">${role}
${thinking}${text}${tools}${refusal}${error}${status}${figureList}${eventsHtml(events)}</article>`;
}

function contentHtml(content: ChatMessage['content']): string {
  return partsOf({ role: 'user', content })
    .map((part) =>
      part.type === 'text'
        ? `<p class="share-plain">${esc(part.text)}</p>`
        : part.type === 'tool-result'
          ? `<pre>${esc(part.content)}</pre>`
          : part.type === 'tool-call'
            ? `<pre>${esc(`${part.name}(${JSON.stringify(part.args)})`)}</pre>`
            : '',
    )
    .join('');
}

/** The reply's SSE items as they came: number, time since the request, gap since the one before, the exact text. */
function eventsHtml(events: StoredEvents | undefined): string {
  if (!events || events.items.length === 0) return '';
  let last = 0;
  const rows = events.items
    .map((item, i) => {
      const gap = item.at - last;
      last = item.at;
      return `<tr><td>#${i + 1}</td><td>${ms(item.at)}</td><td>+${ms(gap)}</td><td><pre>${esc(item.raw)}</pre></td></tr>`;
    })
    .join('');
  const span = events.items.at(-1)!.at;
  const summary = `Raw events (${events.items.length}, over ${ms(span)}${events.truncated ? ', cut at the size limit' : ''})`;
  const head = ['#', 'at', 'gap', 'raw'].map((name) => `<th scope="col">${name}</th>`).join('');
  return `<details class="share-events"><summary>${summary}</summary>
<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></details>`;
}
