'use client';

import Link from 'next/link';
import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ConversationSummary } from '@/lib/api/conversations';
import { formatWhen, fullWhen } from '@/lib/client/format-when';
import { MenuButton } from '@/components/ui/menu-button';
import { DeleteDialog } from './delete-dialog';
import { RenameForm } from './rename-form';

/** "sim-thinking · 14:32"; a compare session names each pane's model. */
function metaOf(conversation: ConversationSummary): { short: string; full: string } {
  const models = (conversation.models ?? []).join(' vs ');
  const join = (when: string) => (models ? `${models} · ${when}` : when);
  return { short: join(formatWhen(conversation.updatedAt)), full: join(fullWhen(conversation.updatedAt)) };
}

/**
 * The row's actions, behind one button: hidden until the row is hovered or focused (so
 * the title has the row's whole width), always shown where there is no hover (touch).
 * Out of the tab order, so a conversation is one tab stop: from its link, → or Shift+F10
 * reach it (`onLinkKey`).
 */
const moreClass = [
  'absolute top-1/2 right-1 z-10 -translate-y-1/2 rounded bg-inherit px-1.5 py-0.5 text-base',
  'leading-none text-zinc-600 dark:text-zinc-400 opacity-0 hover:bg-zinc-200 hover:text-zinc-900',
  'focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-sky-500',
  'group-hover:opacity-100 group-focus-within:opacity-100 aria-expanded:opacity-100',
  'pointer-coarse:opacity-100 dark:hover:bg-zinc-700 dark:hover:text-zinc-100',
].join(' ');

/** Where the actions show, the lines end before them (their ellipsis and the streaming mark stay in sight). */
const besideMore = 'group-focus-within:pr-8 group-hover:pr-8 pointer-coarse:pr-8';

/**
 * One conversation in the list: a link to it (title, then its models and date), and its
 * actions. Memoized: the list comes back as each reply ends and changes as one starts,
 * and the rows whose conversation did not change (the same object, by the query's
 * structural sharing) do not render again.
 */
export const ConversationItem = memo(function ConversationItem({
  conversation,
  active,
  onOpen,
}: {
  conversation: ConversationSummary;
  active: boolean;
  onOpen: () => void;
}) {
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const link = useRef<HTMLAnchorElement>(null);
  const more = useRef<HTMLButtonElement>(null);
  const metaId = useId();
  // Back from renaming or the dialog, focus returns to the conversation, not to the page's start.
  const refocus = useRef(false);
  useEffect(() => {
    if (mode !== 'view' || !refocus.current) return;
    refocus.current = false;
    link.current?.focus();
  }, [mode]);
  const done = () => {
    refocus.current = true;
    setMode('view');
  };

  if (mode === 'rename') {
    return (
      <li>
        <RenameForm conversation={conversation} onDone={done} />
      </li>
    );
  }
  const onLinkKey = (e: KeyboardEvent<HTMLAnchorElement>) => {
    if (e.key === 'ArrowRight') more.current?.focus();
    else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) more.current?.click();
    else return;
    e.preventDefault();
  };
  const meta = metaOf(conversation);
  const tone = active
    ? 'bg-zinc-200 dark:bg-zinc-800'
    : 'bg-zinc-50 hover:bg-zinc-100 dark:bg-zinc-900 dark:hover:bg-zinc-800/60';
  return (
    <li className={`group relative rounded-md ring-sky-500 ring-inset has-[a:focus-visible]:ring-2 ${tone}`}>
      <div className={`flex items-center gap-1.5 px-2 pt-1.5 ${besideMore}`}>
        <Link
          ref={link}
          href={conversation.kind === 'compare' ? `/race/${conversation.id}` : `/c/${conversation.id}`}
          aria-current={active ? 'page' : undefined}
          aria-describedby={metaId}
          onClick={onOpen}
          onKeyDown={onLinkKey}
          title={`${conversation.title}\n${meta.full}`}
          // The link covers the whole row (its ::after), so the second line opens it too.
          className={`min-w-0 flex-1 truncate text-sm outline-none after:absolute after:inset-0 ${active ? 'font-medium' : ''}`}
        >
          {conversation.kind === 'compare' ? (
            <span className="mr-1 rounded bg-zinc-200 px-1 text-[10px] text-zinc-600 uppercase dark:bg-zinc-700 dark:text-zinc-300">
              vs
            </span>
          ) : null}
          {conversation.title}
        </Link>
        {/* Still, not pulsing: Chromium ran the pulse on the page's main thread, a style recalc
            and a paint in every frame of every streaming reply (docs/decisions.md: "The
            sidebar's streaming mark holds still"). */}
        {conversation.streaming ? (
          <span
            role="img"
            aria-label="A reply is streaming"
            title="A reply is streaming"
            className="h-2 w-2 shrink-0 rounded-full bg-sky-500"
          />
        ) : null}
      </div>
      <p id={metaId} className={`truncate px-2 pb-1.5 text-xs text-zinc-600 dark:text-zinc-400 ${besideMore}`}>
        {meta.short}
      </p>
      <MenuButton
        ref={more}
        label={`More actions for “${conversation.title}”`}
        menuLabel={`Actions for “${conversation.title}”`}
        tabIndex={-1}
        onKeyDown={(e) => e.key === 'ArrowLeft' && link.current?.focus()}
        items={[
          { label: 'Rename', onSelect: () => setMode('rename') },
          { label: 'Delete', onSelect: () => setMode('delete') },
        ]}
        className={moreClass}
      >
        <span aria-hidden="true">⋯</span>
      </MenuButton>
      {mode === 'delete' ? <DeleteDialog conversation={conversation} open={active} onClose={done} /> : null}
    </li>
  );
});
