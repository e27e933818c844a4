import 'server-only';

/** The `type` a JSON message opens with (`{"type":"response.created",…`), read without parsing the message. */
const TYPE = /^\s*\{\s*"type"\s*:\s*"([\w.:-]{1,100})"/;

/** A text message's JSON `type`, when it opens with one (the Responses API's events and requests all do). */
export function messageType(text: string | Buffer): string | undefined {
  const head = typeof text === 'string' ? text.slice(0, 160) : text.subarray(0, 160).toString('latin1');
  return TYPE.exec(head)?.[1];
}

/**
 * A WebSocket text message as one SSE item, as the same API's HTTP stream carries it: its
 * JSON `type` as the event's name, each of its lines a `data:` line (which an SSE parser
 * joins back with newlines, so the data reads back as the message was).
 */
export function sseItemOf(text: string): string {
  const type = messageType(text);
  const data = text.includes('\n') || text.includes('\r') ? text.split(/\r\n|\r|\n/).join('\ndata: ') : text;
  return `${type ? `event: ${type}\n` : ''}data: ${data}\n\n`;
}

/** The app's message that asks the Responses API's WebSocket mode for a response: one capture each. */
export const RESPONSE_CREATE = 'response.create';

/** The upstream's messages that end a response in the Responses API's WebSocket mode (as its SSE stream's last event). */
export const RESPONSE_ENDS = new Set(['response.completed', 'response.failed', 'response.incomplete', 'error']);
