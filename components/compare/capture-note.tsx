import Link from 'next/link';
import type { CapturedChat } from '@/lib/api/captures';
import { LocalTime } from '@/components/ui/local-time';

/**
 * Where a race opened from a capture ("Race this prompt" on a capture's page) got its
 * prompt: the captured request, its model and when it was made, with the way back to it.
 * Above the composer, beside the prompt it names.
 */
export function CaptureNote({ captured }: { captured: CapturedChat }) {
  return (
    <p role="note" aria-label="Prompt source" className="text-xs text-zinc-600 dark:text-zinc-400">
      Prompt from capture{' '}
      <Link
        href={`/traffic/${encodeURIComponent(captured.captureId)}`}
        className="font-mono text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
      >
        {captured.method ?? 'request'} {captured.path ?? ''}
      </Link>{' '}
      · <span className="font-mono">{captured.model}</span>
      {captured.startedAt ? (
        <>
          {' '}
          · <LocalTime at={captured.startedAt} />
        </>
      ) : null}
    </p>
  );
}
