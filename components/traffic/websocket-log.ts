import type { CaptureDetail, CapturedWebSocketMessage } from '@/lib/api/captures';
import { EventLog } from '@/lib/event-log/event-log';
import type { LogEntry } from '@/lib/event-log/entry';

/** The row names of a WebSocket's messages, by direction: what the log's name column and its filter show. */
export const DIRECTION_NAMES = { send: '↑ sent', receive: '↓ received' } as const;

const encoder = new TextEncoder();

/** A message's size in bytes: a text's UTF-8, a binary one's before base64. */
function sizeOf({ opcode, data }: CapturedWebSocketMessage): number {
  if (opcode === 1) return encoder.encode(data).byteLength;
  return Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
}

/**
 * A capture's WebSocket messages, both ways, in order, as an event log (one row a
 * message), so the event log's own rows draw them: its time since the request, the gap
 * since the one before, its direction as the row's name, its data. Undefined for a
 * capture that is not an open WebSocket's.
 */
export function webSocketLog(capture: CaptureDetail): EventLog | undefined {
  const socket = capture.response?.webSocket;
  if (!socket) return undefined;
  const log = new EventLog(capture.protocol ?? 'openai-chat');
  let before = socket.messages[0]?.at ?? 0;
  socket.messages.forEach((message, seq) => {
    const entry: LogEntry = {
      seq,
      at: message.at,
      gap: message.at - before,
      kind: 'event',
      name: `${DIRECTION_NAMES[message.type]}${message.opcode === 2 ? ' binary' : ''}`,
      size: sizeOf(message),
      data: message.data,
      raw: message.data,
      bff: false,
      ping: false,
      error: false,
      malformed: false,
      terminal: false,
      parts: [],
    };
    log.entries.push(entry);
    before = message.at;
  });
  log.truncated = socket.truncated;
  log.end();
  return log;
}
