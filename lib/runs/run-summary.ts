import type { RunDetail, RunSummary } from '@/lib/api/runs';

/**
 * A run's summary alone, without its steps or the detail's cache figures: what a diff or a
 * list sends, so a RunDetail passed where a summary is typed does not carry every step.
 */
export function runSummary(run: RunDetail): RunSummary {
  return {
    id: run.id,
    name: run.name,
    source: run.source,
    startedAt: run.startedAt,
    ...(run.endedAt !== undefined ? { endedAt: run.endedAt } : {}),
    requests: run.requests,
    status: run.status,
    usage: { ...run.usage },
    cache: { hitRate: run.cache.hitRate },
    cost: run.cost,
  };
}
