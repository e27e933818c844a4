/**
 * The BFF's own in-band markers: SSE comment lines starting with "sluice", which
 * every SSE client ignores. They are written only at line boundaries, so they never
 * split or dispatch an upstream event.
 *
 *   : sluice open                       as soon as the upstream's headers arrive
 *   : sluice keep-alive                 every 15 s while the upstream is silent
 *   : sluice end {"reason":"upstream-eof"}            the upstream closed its stream
 *   : sluice end {"reason":"upstream-idle","message":…}            it stalled past the idle limit
 *   : sluice end {"reason":"upstream-connection-lost","message":…} its connection broke
 *
 * The last two end the reply as an error. A stream that closes without
 * `: sluice end` lost its connection to the BFF, not the upstream.
 */
export type BffEnd = { reason: 'upstream-eof' } | { reason: 'upstream-idle' | 'upstream-connection-lost'; message: string };

export type BffMarker = { kind: 'open' } | { kind: 'keep-alive' } | { kind: 'end'; end: BffEnd };

const PREFIX = 'sluice ';

export const BFF_OPEN = ': sluice open\n';
export const BFF_KEEP_ALIVE = ': sluice keep-alive\n';
export const bffEnd = (end: BffEnd): string => `: sluice end ${JSON.stringify(end)}\n`;

/** Reads a comment's text (without the colon) as a BFF marker, if it is one. */
export function parseBffMarker(comment: string): BffMarker | undefined {
  if (!comment.startsWith(PREFIX)) return undefined;
  const rest = comment.slice(PREFIX.length);
  if (rest === 'open') return { kind: 'open' };
  if (rest === 'keep-alive') return { kind: 'keep-alive' };
  if (rest.startsWith('end ')) {
    try {
      return { kind: 'end', end: JSON.parse(rest.slice(4)) as BffEnd };
    } catch {
      return undefined;
    }
  }
  return undefined;
}
