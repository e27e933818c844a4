import { notFound } from 'next/navigation';
import { ChatApp } from '@/components/chat/chat-app';
import { loadConversation } from '@/lib/server/conversations/load';
import { listPublicProviders } from '@/lib/providers/list';

export const dynamic = 'force-dynamic';

/** A stored conversation, whole, ready to continue. */
export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [conversation, providers] = await Promise.all([loadConversation(id), listPublicProviders()]);
  if (!conversation) notFound();
  return <ChatApp key={id} providers={providers} conversation={conversation} />;
}
