import { RunsView } from '@/components/runs/runs-view';
import { pageUser } from '@/lib/server/auth/page-user';
import { listRuns } from '@/lib/server/views/runs';

export const dynamic = 'force-dynamic';

export const metadata = { title: 'Runs · Sluice' };

type Query = Promise<Record<string, string | string[] | undefined>>;

/** An agent's runs, newest first; `?q=` words in a run's name, from the address. */
export default async function RunsPage({ searchParams }: { searchParams: Query }) {
  const { q: given } = await searchParams;
  const q = typeof given === 'string' ? given.trim().slice(0, 200) : '';
  const page = await listRuns((await pageUser()).id, { ...(q ? { q } : {}), limit: 50 });
  return <RunsView initial={{ q, page }} />;
}
