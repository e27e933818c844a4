/**
 * What a thinking block says once the reply has thought: for how long, to a tenth of a
 * second. Under a tenth it says so, where "0.0 s" would say it never thought; with no
 * time at all (a capture imported without timing) it names no time.
 */
export function thoughtLabel(seconds: number | undefined): string {
  if (seconds === undefined) return 'Thought';
  return seconds < 0.1 ? 'Thought for under 0.1 s' : `Thought for ${seconds.toFixed(1)} s`;
}
