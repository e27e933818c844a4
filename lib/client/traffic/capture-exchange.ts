import type { CaptureDetail } from '@/lib/api/captures';
import { EventLog } from '@/lib/event-log/event-log';
import { importStream } from '@/lib/event-log/import';
import { readIntoLog } from '@/lib/event-log/read-into-log';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { UpstreamExchange } from '@/lib/sse/bff-marker';

/** The protocol a capture's stream is read with: its path's, else what its events look like. */
function protocolOf(capture: CaptureDetail): ProtocolId | undefined {
  if (capture.protocol) return capture.protocol;
  try {
    return importStream(capture.events!.items.map((item) => item.raw).join('')).protocol;
  } catch {
    return undefined;
  }
}

/**
 * An SSE capture's events as an event log, read by the same reader a reply's stored log
 * is rebuilt with (lib/client/event-log/event-logs.ts); undefined for a capture that is
 * not a stream. A stream no protocol recognises is still listed, item by item, read as
 * Chat Completions (the loosest).
 */
export function captureLog(capture: CaptureDetail): EventLog | undefined {
  return capture.events && recordedLog(capture.events.items, protocolOf(capture), capture.events.truncated);
}

/** Recorded SSE items (a capture's, a cassette exchange's) as an event log, read by its protocol (Chat Completions, the loosest, when unknown). */
export function recordedLog(items: { raw: string; at: number }[], protocol: ProtocolId | undefined, truncated = false): EventLog {
  const log = new EventLog(protocol ?? 'openai-chat');
  log.truncated = truncated;
  readIntoLog(log, items);
  return log;
}

/**
 * Headers of the connection to the proxy, not of the request: sent to the upstream, they
 * would misaddress it. And the app's `accept-encoding`: the proxy asked the upstream for
 * the plain body, and curl asking for gzip (without `--compressed`) would print bytes.
 */
const NOT_FOR_CURL = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'accept-encoding']);

/**
 * A capture's exchange as the event log's "Copy as curl" reads one: to the upstream the
 * proxy reached, with the app's headers (credentials redacted, read from a variable) and
 * its body's text exactly as the app sent it.
 */
export function captureExchange(capture: CaptureDetail): UpstreamExchange {
  const { body } = capture.request;
  return {
    request: {
      method: capture.request.method,
      url: capture.request.url,
      headers: Object.fromEntries(Object.entries(capture.request.headers).filter(([name]) => !NOT_FOR_CURL.has(name))),
      body: body.bytes > 0 ? body.text : undefined,
      bodyBytes: body.bytes,
      ...(body.truncated ? { truncated: true as const } : {}),
    },
    response: capture.response ?? { status: 0, headers: {} },
  };
}

/** A body's text as the page shows it: JSON indented, anything else as it came. */
export function prettyBody(text: string): string {
  return prettyJson(text) ?? text;
}

/** JSON indented; undefined for a text that is not JSON. */
export function prettyJson(text: string): string | undefined {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return undefined;
  }
}
