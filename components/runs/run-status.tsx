import type { RunSummary } from '@/lib/api/runs';
import { RUN_STATUS_LABEL } from '@/lib/client/runs/run-figures';

const TONE: Record<RunSummary['status'], string> = {
  streaming: 'bg-sky-50 text-sky-800 dark:bg-sky-950/60 dark:text-sky-300',
  complete: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300',
  error: 'bg-rose-50 text-rose-800 dark:bg-rose-950/60 dark:text-rose-300',
};

/** How a run stands: running (a request in flight), complete, or failed (a request of it did). */
export function RunStatusBadge({ status }: { status: RunSummary['status'] }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs whitespace-nowrap ${TONE[status]}`}>
      {status === 'streaming' ? (
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current motion-reduce:animate-none" />
      ) : null}
      {RUN_STATUS_LABEL[status]}
    </span>
  );
}
