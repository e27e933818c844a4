import type { ReactNode } from 'react';
import { ConversationSidebar } from '@/components/sidebar/conversation-sidebar';
import { SkipLink } from '@/components/skip-link';

/** Chat pages share the conversation list, which stays put as the user moves between them. */
export default function ChatLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen">
      <SkipLink />
      <ConversationSidebar />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
