import { LogBaseline } from '@/components/bench/log-baseline';

export const dynamic = 'force-dynamic';

/** The event log benchmark's page (`npm run bench -- log`): the app's log view, or the plain-DOM floor. */
export default async function BenchLogPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { mode = 'sluice' } = await searchParams;
  return <LogBaseline mode={mode === 'floor' ? 'floor' : 'sluice'} />;
}
