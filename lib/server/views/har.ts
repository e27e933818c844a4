import 'server-only';
import type { CaptureDetail, CapturedWebSocket } from '@/lib/api/captures';

/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the shape browser devtools and HAR viewers open. */
interface HarHeader {
  name: string;
  value: string;
}

const headerList = (headers: Record<string, string>): HarHeader[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));
const ms = (n: number | undefined) => (n === undefined ? -1 : Math.max(0, Math.round(n * 1000) / 1000));

/**
 * A capture made over a WebSocket as Chromium's DevTools writes one: `_resourceType`
 * `websocket` and its messages in `_webSocketMessages`, each with its direction, its time
 * (seconds since the epoch) and opcode; its content empty (the messages are the answer).
 */
function webSocketFields(capture: CaptureDetail, socket: CapturedWebSocket) {
  const started = Date.parse(capture.startedAt);
  return {
    _resourceType: 'websocket',
    _webSocketMessages: socket.messages.map(({ type, at, opcode, data }) => ({
      type,
      // To the microsecond, as the capture's times are.
      time: Math.round((started + at) * 1000) / 1e6,
      opcode,
      data,
    })),
  };
}

/**
 * A capture as a HAR 1.2 log of one entry. An SSE response's content is its events'
 * text as received (secrets already redacted); the event timing stays in Sluice's own
 * exports (`.jsonl`); a WebSocket's messages are its `_webSocketMessages`. A body the
 * upstream compressed is the text it decodes to, as HAR says `content.text` is:
 * `bodySize` is what came on the wire, `compression` the bytes that saved, and what could
 * not be decoded is said in `content.comment`. Timings: `wait` is the time to the first
 * byte, `receive` the rest.
 */
export function captureHar(capture: CaptureDetail, version: string) {
  const url = new URL(capture.request.url);
  const socket = capture.response?.webSocket;
  const body = socket ? '' : capture.events ? capture.events.items.map((item) => item.raw).join('') : (capture.body?.text ?? '');
  const requestType = capture.request.headers['content-type'] ?? 'application/octet-stream';
  const responseType = capture.response?.headers['content-type'] ?? 'application/octet-stream';
  const size = Buffer.byteLength(body);
  const encoded = capture.response?.encoded;
  const truncated = capture.events?.truncated || capture.body?.truncated;
  const firstByte = capture.timings.firstByte;
  const end = capture.timings.end;
  const wait = ms(firstByte ?? end);
  const receive = firstByte !== undefined && end !== undefined ? ms(end - firstByte) : 0;
  return {
    log: {
      version: '1.2',
      creator: { name: 'Sluice', version },
      entries: [
        {
          startedDateTime: capture.startedAt,
          time: Math.max(0, wait) + receive,
          request: {
            method: capture.request.method,
            url: capture.request.url,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: headerList(capture.request.headers),
            queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
            ...(capture.request.body.bytes > 0 ? { postData: { mimeType: requestType, text: capture.request.body.text } } : {}),
            headersSize: -1,
            bodySize: capture.request.body.bytes,
          },
          response: {
            status: capture.response?.status ?? 0,
            statusText: '',
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: headerList(capture.response?.headers ?? {}),
            content: {
              size,
              // What the coding saved, when the text is the whole body decoded (else not known: left out, as HAR says).
              ...(encoded && !encoded.note && !truncated ? { compression: size - encoded.bytes } : {}),
              mimeType: responseType,
              text: body,
              ...(encoded?.note ? { comment: encoded.note } : {}),
            },
            redirectURL: '',
            headersSize: -1,
            bodySize: capture.response ? (encoded?.bytes ?? size) : -1,
          },
          cache: {},
          timings: { send: 0, wait, receive },
          comment: `Sluice capture ${capture.id}: ${capture.status}${capture.error ? ` (${capture.error})` : ''}`,
          ...(socket ? webSocketFields(capture, socket) : {}),
        },
      ],
    },
  };
}

/** A HAR file as Sluice writes it. */
export type Har = ReturnType<typeof captureHar>;

/** Several captures (a run's) as one HAR 1.2 log, their entries in the order their requests came. */
export function capturesHar(captures: CaptureDetail[], version: string): Har {
  const logs = captures.map((capture) => captureHar(capture, version).log);
  return { log: { version: '1.2', creator: { name: 'Sluice', version }, entries: logs.flatMap((log) => log.entries) } };
}
