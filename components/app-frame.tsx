import type { ReactNode } from 'react';
import { ConversationSidebar } from '@/components/sidebar/conversation-sidebar';
import { SkipLink } from '@/components/skip-link';

/** The app's frame: the conversation list beside the page, the same on every page a reader lands on. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen">
      <SkipLink />
      <ConversationSidebar />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
