import { ChatApp } from '@/components/chat/chat-app';
import { listPublicProviders } from '@/lib/providers/list';

export const dynamic = 'force-dynamic';

export default async function Home() {
  return <ChatApp providers={await listPublicProviders()} />;
}
