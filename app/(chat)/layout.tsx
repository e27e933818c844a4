import type { ReactNode } from 'react';
import { AppFrame } from '@/components/app-frame';
import { UserMenu } from '@/components/auth/user-menu';
import { authMode, signInRequired } from '@/lib/server/auth/current-user';
import { pageUser } from '@/lib/server/auth/page-user';

/**
 * Chat pages share the conversation list, which stays put as the user moves between
 * them. With sign-in on, none of them is shown to someone not signed in, who is sent to
 * the sign-in page (each page that loads owned data still calls pageUser() itself). The
 * signed-in see who they are; only Sluice's own sign-in can be ended here (behind a
 * proxy, the proxy holds the session).
 */
export default async function ChatLayout({ children }: { children: ReactNode }) {
  const user = await pageUser();
  const account = signInRequired() ? <UserMenu user={user} canSignOut={authMode().mode === 'oidc'} /> : undefined;
  return <AppFrame account={account}>{children}</AppFrame>;
}
