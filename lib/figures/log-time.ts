/** A time in at most six characters, so its column stays narrow: "3.4 ms", "512 ms", "12.3 s", "125 s". */
export function ms(v: number): string {
  if (v < 9.95) return `${v.toFixed(1)} ms`;
  if (v < 999.5) return `${Math.round(v)} ms`;
  return v < 99_950 ? `${(v / 1000).toFixed(v < 9995 ? 2 : 1)} s` : `${Math.round(v / 1000)} s`;
}
