import type { RaceSeries } from './race-series';

/**
 * Every pane's race on one time axis, as uPlot takes it: the times (seconds) of all
 * panes' points, then per pane its count at its own points and a gap (null) at the
 * others', which the chart spans. Carried across every pane's points instead, each
 * line was drawn through four times the points in a race of four. Two points of a
 * series at one time (a stored log's first chunk at 0 ms, beside the start) count as
 * one, the later.
 */
export function alignRace(
  series: readonly (Pick<RaceSeries, 'at' | 'tokens'> | undefined)[],
): [number[], ...(number | null)[][]] {
  const times = [...new Set(series.flatMap((s) => s?.at ?? []))].sort((a, b) => a - b);
  const columns = series.map((s) => {
    let j = 0;
    // Both in time order: one pass, each of the series' points taken at its own time.
    return times.map((t) => {
      let value: number | null = null;
      while (s && j < s.at.length && s.at[j]! <= t) value = s.tokens[j++]!;
      return value;
    });
  });
  return [times.map((t) => t / 1000), ...columns];
}
