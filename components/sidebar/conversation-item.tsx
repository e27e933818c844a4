'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useDeleteConversation, useRenameConversation } from '@/lib/client/history/conversation-list';
import { startNewChat } from '@/lib/client/chat/run-reply';
import type { ConversationSummary } from '@/lib/api/conversations';
import { Button } from '@/components/ui/button';

// Row actions show on hover or keyboard focus; they stay in the accessibility tree throughout.
const revealed = 'opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 focus:opacity-100';
const actionClass =
  'rounded px-1 text-xs text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

function RenameForm({ conversation, onDone }: { conversation: ConversationSummary; onDone: () => void }) {
  const [title, setTitle] = useState(conversation.title);
  const rename = useRenameConversation();
  return (
    <form
      className="flex items-center gap-1 px-2 py-1"
      onSubmit={(e) => {
        e.preventDefault();
        if (title.trim() && title.trim() !== conversation.title) rename.mutate({ id: conversation.id, title: title.trim() });
        onDone();
      }}
    >
      <input
        aria-label="Conversation title"
        value={title}
        maxLength={200}
        autoFocus
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
        className="min-w-0 flex-1 rounded border border-zinc-300 bg-white px-1 py-0.5 text-sm dark:border-zinc-700 dark:bg-zinc-950"
      />
      <Button type="submit" className={actionClass}>
        Save
      </Button>
      <Button onClick={onDone} className={actionClass}>
        Cancel
      </Button>
    </form>
  );
}

/**
 * Asks before deleting: a modal dialog, so the question cannot be missed or answered by
 * a stray click. `open`: it is on screen (a chat or a compare session), so the page leaves it.
 */
function DeleteDialog({
  conversation,
  open,
  onClose,
}: {
  conversation: ConversationSummary;
  open: boolean;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const remove = useDeleteConversation();
  const router = useRouter();
  useEffect(() => dialog.current?.showModal(), []);
  const confirm = () => {
    remove.mutate(conversation.id);
    if (open) {
      startNewChat();
      router.push('/');
    }
    onClose();
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`delete-${conversation.id}`}
      onClose={onClose}
      className="m-auto rounded-lg p-4 backdrop:bg-black/40 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 id={`delete-${conversation.id}`} className="text-sm font-semibold">
        Delete this conversation?
      </h2>
      <p className="mt-2 max-w-xs text-sm text-zinc-600 dark:text-zinc-400">
        “{conversation.title}” and all its messages will be gone for good.
      </p>
      <div className="mt-4 flex justify-end gap-2">
        <Button autoFocus onClick={() => dialog.current?.close()} className="rounded px-3 py-1 text-sm">
          Cancel
        </Button>
        <Button onClick={confirm} className="rounded bg-red-600 px-3 py-1 text-sm text-white">
          Delete
        </Button>
      </div>
    </dialog>
  );
}

/** One conversation in the list: a link to it, and its rename and delete actions. */
export function ConversationItem({
  conversation,
  active,
  onOpen,
}: {
  conversation: ConversationSummary;
  active: boolean;
  onOpen: () => void;
}) {
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  if (mode === 'rename') {
    return (
      <li>
        <RenameForm conversation={conversation} onDone={() => setMode('view')} />
      </li>
    );
  }
  return (
    <li className={`group flex items-center gap-1 px-2 ${active ? 'bg-zinc-200 dark:bg-zinc-800' : ''}`}>
      <Link
        href={conversation.kind === 'compare' ? `/compare/${conversation.id}` : `/c/${conversation.id}`}
        aria-current={active ? 'page' : undefined}
        onClick={onOpen}
        className="min-w-0 flex-1 truncate py-1.5 text-sm"
        title={conversation.title}
      >
        {conversation.kind === 'compare' ? (
          <span className="mr-1 rounded bg-zinc-200 px-1 text-[10px] uppercase text-zinc-600 dark:bg-zinc-700 dark:text-zinc-300">
            vs
          </span>
        ) : null}
        {conversation.title}
      </Link>
      {conversation.streaming ? (
        <span
          role="img"
          aria-label="A reply is streaming"
          title="A reply is streaming"
          className="h-2 w-2 shrink-0 rounded-full bg-sky-500 motion-safe:animate-pulse"
        />
      ) : null}
      <Button
        aria-label={`Rename “${conversation.title}”`}
        onClick={() => setMode('rename')}
        className={`${actionClass} ${revealed}`}
      >
        Rename
      </Button>
      <Button
        aria-label={`Delete “${conversation.title}”`}
        onClick={() => setMode('delete')}
        className={`${actionClass} ${revealed}`}
      >
        Delete
      </Button>
      {mode === 'delete' ? <DeleteDialog conversation={conversation} open={active} onClose={() => setMode('view')} /> : null}
    </li>
  );
}
