import { CassetteList } from '@/components/traffic/cassette-list';
import { cassetteShelfShown } from '@/lib/server/proxy/cassettes/cassette-file';
import { cassetteSummaries } from '@/lib/server/proxy/cassettes/read-cassettes';
import { pageUser } from '@/lib/server/auth/page-user';

export const dynamic = 'force-dynamic';

/** The proxy's cassettes. */
export default async function CassettesPage() {
  const user = await pageUser();
  return <CassetteList cassettes={await cassetteSummaries(user)} folder={cassetteShelfShown(user.id)} />;
}
