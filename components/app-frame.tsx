import type { ReactNode } from 'react';
import { ConversationSidebar, PAGE_ID } from '@/components/sidebar/conversation-sidebar';
import { SkipLink } from '@/components/skip-link';

/**
 * The app's frame: the conversation list beside the page, the same on every page a reader
 * lands on; `account`, with sign-in on, who is signed in (components/auth/user-menu.tsx).
 */
export function AppFrame({ children, account }: { children: ReactNode; account?: ReactNode }) {
  return (
    <div className="flex min-h-screen">
      <SkipLink />
      <ConversationSidebar account={account} />
      <div id={PAGE_ID} className="min-w-0 flex-1">
        {children}
      </div>
    </div>
  );
}
