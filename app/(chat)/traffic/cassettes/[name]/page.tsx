import { notFound } from 'next/navigation';
import { CassetteView } from '@/components/traffic/cassette-view';
import { ApiError } from '@/lib/server/http/errors';
import { cassetteDetail } from '@/lib/server/proxy/cassettes/read-cassettes';
import { pageUser } from '@/lib/server/auth/page-user';

export const dynamic = 'force-dynamic';

/** One cassette's exchanges. */
export default async function CassettePage({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  const user = await pageUser();
  const cassette = await cassetteDetail(user, name).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  return <CassetteView cassette={cassette} />;
}
