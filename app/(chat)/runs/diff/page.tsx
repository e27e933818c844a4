import { notFound } from 'next/navigation';
import { RunDiffPicker } from '@/components/runs/run-diff-picker';
import { RunDiffView } from '@/components/runs/run-diff-view';
import { runSummary } from '@/lib/runs/run-summary';
import { pageUser } from '@/lib/server/auth/page-user';
import { diffOfRuns, runDetail } from '@/lib/server/views/runs';

export const dynamic = 'force-dynamic';

export const metadata = { title: 'Diff of two runs · Sluice' };

type Query = Promise<Record<string, string | string[] | undefined>>;

const idIn = (value: string | string[] | undefined) => (typeof value === 'string' && value ? value.slice(0, 200) : undefined);

/**
 * /runs/diff?a={id}&b={id}: two runs of one task lined up, where they first part, and
 * their figures B − A. With only `a`, the page asks for the other run; a run that is not
 * there (deleted, another's, mistyped) is named.
 */
export default async function RunDiffPage({ searchParams }: { searchParams: Query }) {
  const query = await searchParams;
  const [a, b] = [idIn(query.a), idIn(query.b)];
  const user = await pageUser();
  if (!a || !b) {
    const run = (a ?? b) ? await runDetail((a ?? b)!, user.id) : undefined;
    if ((a ?? b) && !run) notFound();
    return <RunDiffPicker run={run ? runSummary(run) : undefined} />;
  }
  const diff = await diffOfRuns(a, b, user.id).catch((error: unknown) => {
    // An unknown run is a 404 naming it (lib/server/views/run-requests.ts); anything else is the server's failure.
    if ((error as { status?: number }).status === 404) notFound();
    throw error;
  });
  return <RunDiffView diff={diff} />;
}
