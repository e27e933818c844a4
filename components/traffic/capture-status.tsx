import type { CaptureStatus, CaptureSummary } from '@/lib/api/captures';
import { STATUS_LABEL } from '@/lib/client/traffic/capture-figures';

const TONE: Record<CaptureStatus, string> = {
  streaming: 'bg-sky-50 text-sky-800 dark:bg-sky-950/60 dark:text-sky-300',
  complete: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300',
  'client-closed': 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
  'upstream-error': 'bg-rose-50 text-rose-800 dark:bg-rose-950/60 dark:text-rose-300',
  unreachable: 'bg-rose-50 text-rose-800 dark:bg-rose-950/60 dark:text-rose-300',
  'cassette-miss': 'bg-violet-50 text-violet-800 dark:bg-violet-950/60 dark:text-violet-300',
  cut: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
  interrupted: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
};

/** An upstream's answer that was an error (4xx, 5xx) reads as one, whatever the capture's own status. */
const failed = (status?: number) => status !== undefined && status >= 400;

/** The upstream's HTTP status and how the capture ended ("200 complete", "429 complete", "streaming"). */
export function CaptureStatusBadge({ capture }: { capture: CaptureSummary }) {
  const tone = failed(capture.httpStatus) ? TONE['upstream-error'] : TONE[capture.status];
  return (
    <span className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs ${tone}`} title={capture.error}>
      {capture.status === 'streaming' ? (
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current motion-reduce:animate-none" />
      ) : null}
      {capture.httpStatus !== undefined ? <span className="font-mono font-semibold">{capture.httpStatus}</span> : null}
      {STATUS_LABEL[capture.status]}
    </span>
  );
}
