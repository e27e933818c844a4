import { CompareApp } from '@/components/compare/compare-app';
import { NotFoundPage } from '@/components/not-found-page';
import { loadCapturedChat } from '@/lib/server/views/capture';
import { listPublicProviders } from '@/lib/server/views/public-providers';
import { pageUser } from '@/lib/server/auth/page-user';

export const dynamic = 'force-dynamic';

export const metadata = { title: 'Race · Sluice' };

/** A new race; with `?capture={id}`, one opened from a capture of the recording proxy, on its model first. */
export default async function RacePage({ searchParams }: { searchParams: Promise<{ capture?: string | string[] }> }) {
  const { capture } = await searchParams;
  const user = await pageUser();
  const [providers, captured] = await Promise.all([
    listPublicProviders(user),
    typeof capture === 'string' ? loadCapturedChat(user, capture) : undefined,
  ]);
  if (typeof capture === 'string' && !captured)
    return <NotFoundPage title="Capture not found" what="capture that opens as a race" />;
  return <CompareApp key={captured?.captureId ?? 'new'} providers={providers} captured={captured} />;
}
