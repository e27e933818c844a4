import { notFound } from 'next/navigation';
import { CompareApp } from '@/components/compare/compare-app';
import { loadCompare } from '@/lib/server/views/conversations';
import { listPublicProviders } from '@/lib/server/views/public-providers';
import { pageUser } from '@/lib/server/auth/page-user';

export const dynamic = 'force-dynamic';

export const metadata = { title: 'Race · Sluice' };

/** A stored race (a compare session), every pane as it was, ready for a follow-up. */
export default async function StoredRacePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await pageUser();
  const [session, providers] = await Promise.all([loadCompare(user, id), listPublicProviders(user)]);
  if (!session) notFound();
  // A blind race before its vote gets no model list: the page picks no model then, and its HTML names none.
  return <CompareApp key={id} providers={session.blind === 'hidden' ? [] : providers} session={session} />;
}
