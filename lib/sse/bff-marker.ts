/**
 * The BFF's own in-band markers: SSE comment lines starting with "sluice" and the
 * response's marker nonce, which every SSE client ignores. They are written only at
 * line boundaries, so they never split or dispatch an upstream event.
 *
 *   : sluice <nonce> open                       as soon as the upstream's headers arrive (always the body's first line)
 *   : sluice <nonce> upstream {"request":…,"response":…}  right after: what was sent upstream (secrets redacted) and how it answered
 *   : sluice <nonce> keep-alive                 every 15 s while the upstream is silent
 *   : sluice <nonce> end {"reason":"upstream-eof"}                       the upstream closed its stream
 *   : sluice <nonce> end {"reason":"upstream-idle","message":…}            it stalled past the idle limit
 *   : sluice <nonce> end {"reason":"upstream-connection-lost","message":…} its connection broke
 *   : sluice <nonce> end {"reason":"sse-limit","message":…}               a line or an event passed the parser's bound
 *   : sluice <nonce> end {"reason":"reply-too-large","message":…}         the reply passed SLUICE_MAX_REPLY_BYTES
 *   : sluice <nonce> end {"reason":"stopped","message":…}                 stopped (Stop, nobody watching, the server stopping)
 *   : sluice <nonce> end {"reason":"live-stream-lost","message":…}        (several instances) this reader lost the shared live stream;
 *                                                                         the instance running the reply still stores it
 *   : sluice <nonce> end {"reason":"server-lost","message":…}             (several instances) the instance running the reply died;
 *                                                                         another one stored what it had written
 *   : sluice <nonce> upstream-reconnect {"attempt":1,"lastEventId":"…"}   the upstream's connection broke; it is asked again
 *                                                                         with Last-Event-ID, and what follows is its continuation
 *
 * The nonce is new for every response and announced in its `x-sluice-marker`
 * header: the upstream's bytes are relayed unchanged, so an upstream can write a
 * comment that looks like a marker, but it cannot know the nonce. Readers trust only
 * markers that carry it. `upstream-idle`, `upstream-connection-lost`, `sse-limit`,
 * `live-stream-lost` and `server-lost` end the reply as an error, `reply-too-large` as truncated, `stopped` as stopped. At
 * `upstream-reconnect` a reader drops the event it was in the middle of (the broken
 * connection's last, unfinished one): the continuation sends it again whole. A stream that closes
 * without an end marker lost its connection to the BFF, not the upstream.
 */
export type BffEnd =
  | { reason: 'upstream-eof' }
  | {
      reason:
        | 'upstream-idle'
        | 'upstream-connection-lost'
        | 'sse-limit'
        | 'reply-too-large'
        | 'stopped'
        | 'live-stream-lost'
        | 'server-lost';
      message: string;
    };

/** The upstream's connection broke after events with ids, and is being asked again from the last one. */
export interface UpstreamReconnect {
  attempt: number;
  lastEventId: string;
}

/**
 * The most of the upstream request's body the upstream marker carries: a marker leads
 * every stream and its stored event log, and a 1 MB prompt made it a 1 MB line before the
 * first token. A longer body is cut here and stored whole with the reply.
 */
export const UPSTREAM_MARKER_BODY_BYTES = 8 * 1024;

/** The upstream exchange, as the BFF made it: for the event log and "Copy as curl". Secrets are redacted. */
export interface UpstreamExchange {
  request: {
    method: string;
    url: string;
    headers: Record<string, string>;
    /** The body as sent (JSON); when `truncated`, the first UPSTREAM_MARKER_BODY_BYTES of its text, cut between characters. */
    body: unknown;
    /** The body's size as sent, in UTF-8 bytes (streams from before it was said have none). */
    bodyBytes?: number;
    /** `body` is only the start of the text: the whole is `GET /api/chat/{messageId}/upstream-body`. */
    truncated?: true;
  };
  response: { status: number; headers: Record<string, string> };
  /** The environment variable the provider's key comes from, when it is configured that way. */
  apiKeyEnv?: string;
  /** The reply's id (its `x-sluice-message-id`): where its whole request body is fetched. */
  messageId?: string;
  /** Input tokens estimated from the body (see `textTokens`): the input of a reply whose upstream never said its own. */
  inputTokensEstimate?: number;
  /** Where the time to the upstream's headers went (also the answer's `Server-Timing`); streams from before it was said have none. */
  timing?: ExchangeTiming;
}

/** Milliseconds: Sluice's own, from the request reaching it to the upstream request leaving; then the upstream's, to its headers. */
export interface ExchangeTiming {
  sluiceMs: number;
  upstreamMs: number;
}

export type BffMarker =
  | { kind: 'open' }
  | { kind: 'keep-alive' }
  | { kind: 'end'; end: BffEnd }
  | { kind: 'upstream'; exchange: UpstreamExchange }
  | { kind: 'upstream-reconnect'; reconnect: UpstreamReconnect };

/** The response header that announces the markers' nonce. */
export const MARKER_NONCE_HEADER = 'x-sluice-marker';

/** A fresh nonce for one response's markers: 64 random bits, as hex. */
export function newMarkerNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The markers of one response. An empty nonce is the format before nonces existed
 * (`: sluice open`), kept so that exports and event logs stored then still read.
 */
export function bffMarkers(nonce: string) {
  const prefix = nonce ? `: sluice ${nonce} ` : ': sluice ';
  return {
    open: `${prefix}open\n`,
    keepAlive: `${prefix}keep-alive\n`,
    end: (end: BffEnd): string => `${prefix}end ${JSON.stringify(end)}\n`,
    upstream: (exchange: UpstreamExchange): string => `${prefix}upstream ${JSON.stringify(exchange)}\n`,
    reconnect: (reconnect: UpstreamReconnect): string => `${prefix}upstream-reconnect ${JSON.stringify(reconnect)}\n`,
  };
}

const NONCE = /^[0-9a-f]{16}$/;

/** The nonce a comment announces if it is an open marker (`sluice <nonce> open`; '' for the old `sluice open`), else undefined. */
export function openMarkerNonce(comment: string): string | undefined {
  if (comment === 'sluice open') return '';
  const [word, nonce, kind, ...rest] = comment.split(' ');
  return word === 'sluice' && kind === 'open' && rest.length === 0 && NONCE.test(nonce ?? '') ? nonce : undefined;
}

/** Reads a comment's text (without the colon) as a BFF marker of the response with this nonce, if it is one. */
export function parseBffMarker(comment: string, nonce: string): BffMarker | undefined {
  const prefix = nonce ? `sluice ${nonce} ` : 'sluice ';
  if (!comment.startsWith(prefix)) return undefined;
  const rest = comment.slice(prefix.length);
  if (rest === 'open') return { kind: 'open' };
  if (rest === 'keep-alive') return { kind: 'keep-alive' };
  try {
    if (rest.startsWith('end ')) return endMarker(JSON.parse(rest.slice(4)));
    if (rest.startsWith('upstream ')) return { kind: 'upstream', exchange: JSON.parse(rest.slice(9)) as UpstreamExchange };
    if (rest.startsWith('upstream-reconnect ')) return reconnectMarker(JSON.parse(rest.slice(19)));
  } catch {
    return undefined;
  }
  return undefined;
}

const END_REASONS = new Set([
  'upstream-eof',
  'upstream-idle',
  'upstream-connection-lost',
  'sse-limit',
  'reply-too-large',
  'stopped',
  'live-stream-lost',
  'server-lost',
]);

function reconnectMarker(value: unknown): BffMarker | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { attempt, lastEventId } = value as { attempt?: unknown; lastEventId?: unknown };
  if (typeof attempt !== 'number' || typeof lastEventId !== 'string') return undefined;
  return { kind: 'upstream-reconnect', reconnect: { attempt, lastEventId } };
}

/** An end marker's payload, checked: anything else is not a marker (and cannot break a reader). */
function endMarker(value: unknown): BffMarker | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { reason, message } = value as { reason?: unknown; message?: unknown };
  if (typeof reason !== 'string' || !END_REASONS.has(reason)) return undefined;
  if (reason === 'upstream-eof') return { kind: 'end', end: { reason } };
  return {
    kind: 'end',
    end: { reason: reason as Exclude<BffEnd['reason'], 'upstream-eof'>, message: typeof message === 'string' ? message : '' },
  };
}
