import { notFound } from 'next/navigation';
import { CassetteView, UnrecordedCassette } from '@/components/traffic/cassette-view';
import { CASSETTE_NAME } from '@/lib/api/cassettes';
import { ApiError } from '@/lib/server/http/errors';
import { cassetteDetail } from '@/lib/server/proxy/cassettes/read-cassettes';
import { pageUser } from '@/lib/server/auth/page-user';

export const dynamic = 'force-dynamic';

/**
 * One cassette's exchanges. A name no cassette could have is not found; a cassette with
 * no file yet (a capture's badge names one a playback missed) says how to record it.
 */
export default async function CassettePage({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  if (!CASSETTE_NAME.test(name)) notFound();
  const user = await pageUser();
  const cassette = await cassetteDetail(user, name).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  });
  return cassette ? <CassetteView cassette={cassette} /> : <UnrecordedCassette name={name} />;
}
