import { notFound } from 'next/navigation';
import { ChatApp } from '@/components/chat/chat-app';
import { loadConversation } from '@/lib/server/views/conversations';
import { listPublicProviders } from '@/lib/server/views/public-providers';
import { pageUser } from '@/lib/server/auth/page-user';

export const dynamic = 'force-dynamic';

/** A stored conversation, whole, ready to continue. */
export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await pageUser();
  const [conversation, providers] = await Promise.all([loadConversation(user, id), listPublicProviders(user)]);
  if (!conversation) notFound();
  return <ChatApp key={id} providers={providers} conversation={conversation} />;
}
