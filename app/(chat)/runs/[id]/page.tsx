import { notFound } from 'next/navigation';
import { RunView } from '@/components/runs/run-view';
import { pageUser } from '@/lib/server/auth/page-user';
import { runDetail } from '@/lib/server/views/runs';

export const dynamic = 'force-dynamic';

export const metadata = { title: 'Run · Sluice' };

type Params = Promise<{ id: string }>;
type Query = Promise<Record<string, string | string[] | undefined>>;

/** One run whole: its timeline, context, cache health, and a step's detail (`?step=N`, from a link). */
export default async function RunPage({ params, searchParams }: { params: Params; searchParams: Query }) {
  const [{ id }, { step }] = await Promise.all([params, searchParams]);
  const run = await runDetail(id, (await pageUser()).id);
  if (!run) notFound();
  const chosen = typeof step === 'string' && /^\d{1,6}$/.test(step) ? Number(step) : undefined;
  return <RunView key={id} initial={run} initialStep={chosen} />;
}
