'use client';

import { useRouter } from 'next/navigation';
import { useDeleteConversation } from '@/lib/client/history/conversation-list';
import { startNewChat } from '@/lib/client/chat/run-reply';
import type { ConversationSummary } from '@/lib/api/conversations';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** Asks before deleting a conversation. `open`: it is on screen (a chat or a compare session), so the page leaves it. */
export function DeleteDialog({
  conversation,
  open,
  onClose,
}: {
  conversation: ConversationSummary;
  open: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteConversation();
  const router = useRouter();
  // A race is no conversation to its reader: the question names what it deletes.
  const compare = conversation.kind === 'compare';
  return (
    <ConfirmDialog
      title={compare ? 'Delete this race?' : 'Delete this conversation?'}
      confirm="Delete"
      onConfirm={() => {
        remove.mutate(conversation.id);
        if (open) {
          startNewChat();
          router.push('/');
        }
      }}
      onClose={onClose}
    >
      “{conversation.title}” and {compare ? 'every pane’s replies' : 'all its messages'} will be gone for good.
    </ConfirmDialog>
  );
}
