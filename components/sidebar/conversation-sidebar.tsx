'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useChatStore } from '@/lib/client/chat/chat-store';
import { useCompareStore } from '@/lib/client/compare/compare-store';
import { useConversationList } from '@/lib/client/history/conversation-list';
import { startNewChat } from '@/lib/client/chat/run-reply';
import { closeLogPanel } from '@/lib/client/event-log/log-panel';
import { useDebounced } from '@/lib/client/use-debounced';
import { SearchBox } from '../search-box';
import { ConversationItem } from './conversation-item';
import { Button } from '@/components/ui/button';
import { NAV_LINK } from './nav-link';

/**
 * The app's other pages, after New chat: where a reader goes once, not what they do
 * next, so a compact list rather than buttons as loud as New chat. `match`: the paths
 * the link stands for (its own page `aria-current="page"`, a page under it `"true"`).
 */
const PAGES = [
  { label: 'Race', href: '/race', match: ['/race'] },
  { label: 'Traffic', href: '/traffic', match: ['/traffic'] },
  { label: 'Runs', href: '/runs', match: ['/runs'] },
  { label: 'Leaderboard', href: '/leaderboard', match: ['/leaderboard'] },
  { label: 'Shares', href: '/shares', match: ['/shares'] },
];

/** A path's place under a page: the page itself, a page under it, or neither. */
function currentOf(pathname: string, href: string, match: string[]): 'page' | 'true' | undefined {
  if (pathname === href) return 'page';
  return match.some((m) => pathname === m || pathname.startsWith(`${m}/`)) ? 'true' : undefined;
}

function PageLinks({ pathname, onGo }: { pathname: string; onGo: () => void }) {
  return (
    <ul aria-label="Pages" className="flex flex-col">
      {PAGES.map(({ label, href, match }) => (
        <li key={href}>
          <Link href={href} aria-current={currentOf(pathname, href, match)} onClick={onGo} className={NAV_LINK}>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Loads the next page when the end of the list scrolls into view. */
function LoadMore({ onVisible, loading }: { onVisible: () => void; loading: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = ref.current;
    if (!target) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onVisible());
    observer.observe(target);
    return () => observer.disconnect();
  }, [onVisible]);
  return (
    <Button
      ref={ref}
      onClick={onVisible}
      disabled={loading}
      className="m-2 rounded px-2 py-1 text-xs text-zinc-600 dark:text-zinc-400 hover:bg-zinc-100 dark:hover:bg-zinc-800"
    >
      {loading ? 'Loading…' : 'Load more conversations'}
    </Button>
  );
}

/**
 * Escape closes the drawer, but where Escape means something else: a text field (a
 * search cleared, a rename undone), a dialog, a menu. In the capture phase, and taken,
 * so it comes before the composer's Escape, which would stop a streaming reply.
 */
function useEscapeToClose(open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('input, textarea, select, dialog, [role="dialog"], [popover]')) return;
      e.preventDefault();
      close();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open, close]);
}

/** The page beside the sidebar (components/app-frame.tsx): inert while the drawer covers it. */
export const PAGE_ID = 'app-page';

/** The width from which the list sits beside the page instead of over it (Tailwind's `md`). */
const BESIDE = '(min-width: 768px)';

/**
 * While the drawer is open over the page (a phone), it is modal: the page behind is
 * inert (neither Tab nor a screen reader reaches it), the focus moves into the drawer,
 * and a screen that widens closes it, since the list then sits beside the page.
 */
function useModalDrawer(open: boolean, drawer: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(BESIDE);
    if (wide.matches) return;
    const page = document.getElementById(PAGE_ID);
    page?.setAttribute('inert', '');
    drawer.current?.querySelector<HTMLElement>('a[href], button:not([disabled]), input')?.focus();
    const widened = () => wide.matches && close();
    wide.addEventListener('change', widened);
    return () => {
      page?.removeAttribute('inert');
      wide.removeEventListener('change', widened);
    };
  }, [open, drawer, close]);
}

/**
 * The conversation list: newest first, searchable, paged; rename and delete in place. On
 * a phone, a drawer over the page, which a backdrop dims: a tap on it, or Escape, closes it.
 * New chat first, the one thing to do; then the other pages, as a plain list.
 * `account`: who is signed in, their pages (Tokens, Usage) and the way out, at its foot, when sign-in is on.
 */
export function ConversationSidebar({ account }: { account?: ReactNode }) {
  const [open, setOpen] = useState(false);
  // One function for every row, so a row whose conversation did not change skips rendering (ConversationItem is memoized).
  const close = useCallback(() => setOpen(false), []);
  const toggle = useRef<HTMLButtonElement>(null);
  const closeByKey = useCallback(() => {
    setOpen(false);
    toggle.current?.focus();
  }, []);
  useEscapeToClose(open, closeByKey);
  const drawer = useRef<HTMLElement>(null);
  useModalDrawer(open, drawer, close);
  const [search, setSearch] = useState('');
  const query = useDebounced(search, 200);
  const list = useConversationList(query);
  const chatId = useChatStore((s) => s.conversationId);
  const compareId = useCompareStore((s) => s.compareId);
  const pathname = usePathname();
  const onCompare = pathname === '/race' || pathname.startsWith('/race/');
  const onTraffic = pathname.startsWith('/traffic');
  const onRuns = pathname.startsWith('/runs');
  // The Traffic and Runs pages, the leaderboard and the settings pages show no conversation: none is marked open there.
  const activeId =
    onTraffic || onRuns || ['/leaderboard', '/shares', '/tokens', '/admin'].includes(pathname)
      ? undefined
      : onCompare
        ? compareId
        : chatId;
  const conversations = list.data?.pages.flatMap((p) => p.conversations) ?? [];
  const { fetchNextPage, isFetchingNextPage } = list;
  const loadMore = useCallback(() => void (isFetchingNextPage || fetchNextPage()), [fetchNextPage, isFetchingNextPage]);

  return (
    <>
      <Button
        ref={toggle}
        aria-expanded={open}
        aria-controls="conversation-sidebar"
        aria-label={open ? 'Hide conversations' : 'Show conversations'}
        onClick={() => setOpen((o) => !o)}
        className="fixed left-2 top-3 z-30 h-8 w-8 rounded border border-zinc-300 bg-white text-sm md:hidden dark:border-zinc-700 dark:bg-zinc-900"
      >
        <span aria-hidden="true">{open ? '✕' : '☰'}</span>
      </Button>
      {open ? (
        // Below the drawer (the same layer, earlier), above the page; wider than a phone the list is no drawer, and this is not shown.
        <div aria-hidden="true" onClick={() => setOpen(false)} className="fixed inset-0 z-20 bg-zinc-950/50 md:hidden" />
      ) : null}
      <nav
        ref={drawer}
        id="conversation-sidebar"
        aria-label="Conversations"
        className={[
          open ? 'fixed inset-y-0 left-0 z-20 flex pt-12 shadow-xl' : 'hidden',
          'follow-off w-72 shrink-0 flex-col gap-2 border-r border-zinc-200 bg-zinc-50',
          'md:sticky md:top-0 md:flex md:h-screen md:pt-0 md:shadow-none dark:border-zinc-800 dark:bg-zinc-900',
        ].join(' ')}
      >
        <div className="flex flex-col gap-2 p-3">
          <Link
            href="/"
            aria-current={pathname === '/' ? 'page' : undefined}
            onClick={() => {
              startNewChat();
              // A new chat has no reply to show events of: the log of the one left closes with it.
              closeLogPanel();
              setOpen(false);
            }}
            className="rounded-lg bg-sky-700 px-3 py-2 text-center text-sm font-medium text-white hover:bg-sky-800"
          >
            New chat
          </Link>
          <PageLinks pathname={pathname} onGo={close} />
          <SearchBox label="Search conversations" placeholder="Search titles and messages" value={search} onChange={setSearch} />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto pb-3">
          {list.isPending ? <p className="px-3 text-xs text-zinc-600 dark:text-zinc-400">Loading conversations…</p> : null}
          {list.isError ? (
            <p role="alert" className="px-3 text-xs text-red-700 dark:text-red-400">
              Cannot load conversations: {list.error.message}
            </p>
          ) : null}
          {list.isSuccess && conversations.length === 0 ? (
            <p className="px-3 text-xs text-zinc-600 dark:text-zinc-400">
              {query ? `No conversation matches “${query}”.` : 'No conversations yet.'}
            </p>
          ) : null}
          <ul aria-label="Conversation list" className="flex flex-col gap-0.5 px-2">
            {conversations.map((c) => (
              <ConversationItem key={c.id} conversation={c} active={c.id === activeId} onOpen={close} />
            ))}
          </ul>
          {list.hasNextPage ? <LoadMore onVisible={loadMore} loading={isFetchingNextPage} /> : null}
        </div>
        {/* A link followed from the account's foot closes the drawer too, as the links above do. */}
        <div onClickCapture={(e) => (e.target as Element).closest('a[href]') && close()}>{account}</div>
      </nav>
    </>
  );
}
