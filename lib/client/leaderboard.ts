import type { LeaderboardRow } from '@/lib/api/votes';

/** Where a row's interval and score sit on the bar all rows share, in % of its width. */
export interface IntervalBar {
  left: number;
  width: number;
  score: number;
}

const hasInterval = (r: LeaderboardRow): r is LeaderboardRow & { low: number; high: number } => r.low !== null && r.high !== null;

/**
 * Every row's interval on one scale, from the lowest low to the highest high (padded, so
 * no bar touches an end; at least 100 points wide, so a narrow board's bars do not look
 * wide); undefined for a row with too few votes for one, which the scale leaves out.
 */
export function intervalBars(rows: LeaderboardRow[]): (IntervalBar | undefined)[] {
  const known = rows.filter(hasInterval);
  if (known.length === 0) return rows.map(() => undefined);
  const low = Math.min(...known.map((r) => r.low));
  const high = Math.max(...known.map((r) => r.high));
  const pad = Math.max(5, (100 - (high - low)) / 2);
  const [from, to] = [low - pad, high + pad];
  const at = (n: number) => ((n - from) / (to - from)) * 100;
  return rows.map((r) =>
    hasInterval(r) ? { left: at(r.low), width: Math.max(at(r.high) - at(r.low), 0.5), score: at(r.score) } : undefined,
  );
}

/** The filter as the page's address and the CSV's query say it. */
export interface LeaderboardQuery {
  from?: string;
  to?: string;
  q?: string;
}

/** The query string of a filter, its empty fields left out ("" for none). */
export function leaderboardSearch(query: LeaderboardQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, ...extra })) if (value) params.set(name, value);
  return params.size ? `?${params}` : '';
}
