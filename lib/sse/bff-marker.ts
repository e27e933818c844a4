/**
 * The BFF's own in-band markers: SSE comment lines starting with "sluice", which
 * every SSE client ignores. They are written only at line boundaries, so they never
 * split or dispatch an upstream event.
 *
 *   : sluice open                       as soon as the upstream's headers arrive
 *   : sluice upstream {"request":…,"response":…}  right after: what was sent upstream (keys redacted) and how it answered
 *   : sluice keep-alive                 every 15 s while the upstream is silent
 *   : sluice end {"reason":"upstream-eof"}            the upstream closed its stream
 *   : sluice end {"reason":"upstream-idle","message":…}            it stalled past the idle limit
 *   : sluice end {"reason":"upstream-connection-lost","message":…} its connection broke
 *
 * The last two end the reply as an error. A stream that closes without
 * `: sluice end` lost its connection to the BFF, not the upstream.
 */
export type BffEnd = { reason: 'upstream-eof' } | { reason: 'upstream-idle' | 'upstream-connection-lost'; message: string };

/** The upstream exchange, as the BFF made it: for the event log and "Copy as curl". Secrets are redacted. */
export interface UpstreamExchange {
  request: { method: string; url: string; headers: Record<string, string>; body: unknown };
  response: { status: number; headers: Record<string, string> };
  /** The environment variable the provider's key comes from, when it is configured that way. */
  apiKeyEnv?: string;
}

export type BffMarker = { kind: 'open' } | { kind: 'keep-alive' } | { kind: 'end'; end: BffEnd } | { kind: 'upstream'; exchange: UpstreamExchange };

const PREFIX = 'sluice ';

export const BFF_OPEN = ': sluice open\n';
export const BFF_KEEP_ALIVE = ': sluice keep-alive\n';
export const bffEnd = (end: BffEnd): string => `: sluice end ${JSON.stringify(end)}\n`;
export const bffUpstream = (exchange: UpstreamExchange): string => `: sluice upstream ${JSON.stringify(exchange)}\n`;

/** Reads a comment's text (without the colon) as a BFF marker, if it is one. */
export function parseBffMarker(comment: string): BffMarker | undefined {
  if (!comment.startsWith(PREFIX)) return undefined;
  const rest = comment.slice(PREFIX.length);
  if (rest === 'open') return { kind: 'open' };
  if (rest === 'keep-alive') return { kind: 'keep-alive' };
  try {
    if (rest.startsWith('end ')) return { kind: 'end', end: JSON.parse(rest.slice(4)) as BffEnd };
    if (rest.startsWith('upstream ')) return { kind: 'upstream', exchange: JSON.parse(rest.slice(9)) as UpstreamExchange };
  } catch {
    return undefined;
  }
  return undefined;
}
