'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useDeleteConversation } from '@/lib/client/history/conversation-list';
import { startNewChat } from '@/lib/client/chat/run-reply';
import type { ConversationSummary } from '@/lib/api/conversations';
import { Button } from '@/components/ui/button';

/**
 * Asks before deleting: a modal dialog, so the question cannot be missed or answered by
 * a stray click. `open`: it is on screen (a chat or a compare session), so the page leaves it.
 */
export function DeleteDialog({
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
  // A compare session is no conversation to its reader: the question names what it deletes.
  const compare = conversation.kind === 'compare';
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
        {compare ? 'Delete this compare session?' : 'Delete this conversation?'}
      </h2>
      <p className="mt-2 max-w-xs text-sm text-zinc-600 dark:text-zinc-400">
        “{conversation.title}” and {compare ? 'every pane’s replies' : 'all its messages'} will be gone for good.
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
