import { NotFoundPage } from '@/components/not-found-page';

export default function ConversationNotFound() {
  return <NotFoundPage title="Conversation not found" what="conversation" />;
}
