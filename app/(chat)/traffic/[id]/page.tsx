import { notFound } from 'next/navigation';
import { CaptureView } from '@/components/traffic/capture-view';
import { loadCapture } from '@/lib/server/views/capture';
import { pageUser } from '@/lib/server/auth/page-user';

export const dynamic = 'force-dynamic';

/** One capture of the recording proxy, whole. */
export default async function CapturePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const capture = await loadCapture(await pageUser(), id);
  if (!capture) notFound();
  return <CaptureView key={id} initial={capture} />;
}
