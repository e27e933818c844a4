import { TrafficApp } from '@/components/traffic/traffic-app';
import { CAPTURE_STATUSES, type CaptureStatus } from '@/lib/api/captures';
import { listPublicProviders } from '@/lib/server/views/public-providers';
import { pageUser } from '@/lib/server/auth/page-user';
import { captureFacets } from '@/lib/server/views/capture';

export const dynamic = 'force-dynamic';

type Query = Record<'provider' | 'status' | 'model' | 'q', string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (typeof value === 'string' && value ? value.slice(0, 200) : undefined);

/** The recording proxy's captures, live; filters from the address (`?provider=…&status=…&model=…&q=…`). */
export default async function TrafficPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const status = one(query.status);
  const initial = {
    ...(one(query.provider) ? { provider: one(query.provider) } : {}),
    ...(status && CAPTURE_STATUSES.includes(status as CaptureStatus) ? { status: status as CaptureStatus } : {}),
    ...(one(query.model) ? { model: one(query.model) } : {}),
    ...(one(query.q) ? { q: one(query.q) } : {}),
  };
  const user = await pageUser();
  const [providers, facets] = await Promise.all([listPublicProviders(user), captureFacets(user)]);
  return <TrafficApp providers={providers} facets={facets} initial={initial} />;
}
