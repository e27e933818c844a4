/** A time in ms as figures show it: milliseconds under a second, then seconds to the hundredth. */
export const formatMs = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
