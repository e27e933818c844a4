import type { CaptureDetail } from '@/lib/api/captures';
import { readCassetteMiss } from '@/lib/client/traffic/cassette-miss';

const ERROR = 'text-sm text-rose-700 dark:text-rose-400';

/**
 * How the capture ended in an error, under its heading. A cassette miss leads with where
 * the request parts from the closest recording; the raw keys it was matched by are
 * folded after it, there to read but not the headline.
 */
export function CaptureError({ capture }: { capture: CaptureDetail }) {
  if (!capture.error) return null;
  if (capture.status !== 'cassette-miss') return <p className={ERROR}>{capture.error}</p>;
  const { headline, detail } = readCassetteMiss(capture.error);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p className={`${ERROR} break-words`}>{headline}</p>
      {detail ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">The keys it was matched by</summary>
          <pre
            tabIndex={0}
            aria-label="The proxy's whole message"
            className="mt-1 max-h-40 overflow-auto rounded bg-zinc-100 p-2 text-xs break-all whitespace-pre-wrap dark:bg-zinc-900"
          >
            {detail}
          </pre>
        </details>
      ) : null}
    </div>
  );
}
