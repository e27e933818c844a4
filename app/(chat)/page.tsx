import { ChatApp } from '@/components/chat/chat-app';
import { NotFoundPage } from '@/components/not-found-page';
import { loadCapturedChat } from '@/lib/server/views/capture';
import { listPublicProviders } from '@/lib/server/views/public-providers';
import { pageUser } from '@/lib/server/auth/page-user';

export const dynamic = 'force-dynamic';

/**
 * A new chat; with `?capture={id}`, one opened from a capture of the recording proxy (its
 * request and reply); with `&replay` too, its request's messages and its answer replayed.
 */
export default async function Home({
  searchParams,
}: {
  searchParams: Promise<{ capture?: string | string[]; replay?: string | string[] }>;
}) {
  const { capture, replay } = await searchParams;
  const user = await pageUser();
  const [providers, captured] = await Promise.all([
    listPublicProviders(user),
    typeof capture === 'string' ? loadCapturedChat(user, capture) : undefined,
  ]);
  if (typeof capture === 'string' && !captured)
    return <NotFoundPage title="Capture not found" what="capture that opens as a chat" />;
  const replayed = replay !== undefined && captured !== undefined;
  return (
    <ChatApp
      key={captured ? `${captured.captureId}${replayed ? ':replay' : ''}` : 'new'}
      providers={providers}
      captured={captured}
      replay={replayed}
    />
  );
}
