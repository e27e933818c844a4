'use client';

import { useState } from 'react';
import type { MessageStatus } from '@/lib/assemble/message';
import { useChatStore } from '@/lib/client/chat/chat-store';
import { useMessagePool } from '@/lib/client/thread/message-pool';

const SAID: Record<MessageStatus, string> = {
  streaming: 'Reply started',
  complete: 'Reply finished',
  stopped: 'Reply stopped',
  error: 'Reply failed',
  truncated: 'Reply finished, cut short at its length limit',
};

/**
 * A polite live region telling a screen reader when the chat's reply starts, ends, fails
 * or is stopped: its status changes only, never its tokens. Silent on load (a stored
 * conversation's replies are not news).
 */
export function ReplyAnnouncer() {
  const streaming = useChatStore((s) => s.streaming);
  // The last reply that streamed here: once it ends the store no longer names it.
  const [replyId, setReplyId] = useState<string>();
  if (streaming !== undefined && streaming !== replyId) setReplyId(streaming);
  const status = useMessagePool((s) => {
    const message = replyId === undefined ? undefined : s.messages[replyId];
    return message?.role === 'assistant' ? message.reply.status : undefined;
  });
  return (
    <p role="status" aria-live="polite" aria-label="Reply progress" className="sr-only">
      {status ? SAID[status] : ''}
    </p>
  );
}
