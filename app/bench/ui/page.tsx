import { UiBaseline } from '@/components/bench/ui-baseline';

export const dynamic = 'force-dynamic';

/** The UI benchmark's baselines (`npm run bench -- ui`): not linked from the app. */
export default async function BenchUiPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { mode = 'floor', streams = '1' } = await searchParams;
  return <UiBaseline mode={mode === 'naive' ? 'naive' : 'floor'} streams={Math.min(6, Math.max(1, Number(streams) || 1))} />;
}
