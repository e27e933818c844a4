'use client';

import { useState } from 'react';
import { useRenameConversation } from '@/lib/client/history/conversation-list';
import type { ConversationSummary } from '@/lib/api/conversations';
import { Button } from '@/components/ui/button';

const actionClass =
  'rounded px-1 text-xs text-zinc-600 dark:text-zinc-400 hover:bg-zinc-200 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/** The title in place, editable: Enter saves, Escape or Cancel leaves it as it was. */
export function RenameForm({ conversation, onDone }: { conversation: ConversationSummary; onDone: () => void }) {
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
