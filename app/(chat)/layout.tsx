import type { ReactNode } from 'react';
import { AppFrame } from '@/components/app-frame';

/** Chat pages share the conversation list, which stays put as the user moves between them. */
export default function ChatLayout({ children }: { children: ReactNode }) {
  return <AppFrame>{children}</AppFrame>;
}
