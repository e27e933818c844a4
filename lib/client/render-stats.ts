import { highlighterStatus } from './markdown/code-highlighter';
import { frameStats } from './thread/page-frames';

/** Committed renders per message id: the tests assert finished messages do not re-render. */
export const renderCounts: Record<string, number> = {};

/**
 * Markdown blocks parsed on the page rather than in the worker: the tests assert a long
 * reply opened from history parses a few groups a frame, and each block once.
 */
export const markdownStats = { mainThreadParses: 0 };

export function countRender(id: string): void {
  renderCounts[id] = (renderCounts[id] ?? 0) + 1;
}

/** What the page exposes as `window.__sluice` for its tests and benchmarks. */
export interface PageStats {
  frameStats: typeof frameStats;
  renderCounts: typeof renderCounts;
  markdownStats: typeof markdownStats;
  highlighter: typeof highlighterStatus;
}

export function exposeStats(): void {
  const stats: PageStats = { frameStats, renderCounts, markdownStats, highlighter: highlighterStatus };
  (window as unknown as { __sluice: PageStats }).__sluice = stats;
}
