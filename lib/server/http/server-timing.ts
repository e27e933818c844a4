import 'server-only';
import type { ExchangeTiming } from '@/lib/sse/bff-marker';

const ms = (n: number) => Math.max(0, Math.round(n * 100) / 100);

/** Sluice's share and the upstream's, measured on the monotonic clock: `sendingAt` when the request left for the upstream. */
export function exchangeTiming(arrivedAt: number, sendingAt: number, answeredAt: number): ExchangeTiming {
  return { sluiceMs: ms(sendingAt - arrivedAt), upstreamMs: ms(answeredAt - sendingAt) };
}

/**
 * The `Server-Timing` header (W3C Server Timing) of a relayed or proxied answer: what
 * Sluice took before the request left for the upstream, and the upstream's time to its
 * headers, after any the upstream sent itself, so browser devtools and tools read both.
 */
export function serverTimingHeader(timing: ExchangeTiming, upstreams?: string | string[] | null): string {
  const ours = `sluice;desc="Sluice before the upstream";dur=${timing.sluiceMs}, upstream;desc="Upstream to headers";dur=${timing.upstreamMs}`;
  const theirs = [upstreams ?? []].flat().filter(Boolean);
  return [...theirs, ours].join(', ');
}
