/** A time in at most six characters, so its column stays narrow: "3.4 ms", "512 ms", "12.3 s", "125 s". */
export function ms(v: number): string {
  // Before the request (a WebSocket's message between two responses, kept with the next): a minus, one more character.
  if (v < 0) return `-${ms(-v)}`;
  if (v < 9.95) return `${v.toFixed(1)} ms`;
  if (v < 999.5) return `${Math.round(v)} ms`;
  return v < 99_950 ? `${(v / 1000).toFixed(v < 9995 ? 2 : 1)} s` : `${Math.round(v / 1000)} s`;
}
