import type { SseEvent } from '@/lib/sse/types';
import type { StreamDecoder } from './decoder';
import type { StreamEvent } from './events';

/** One event of the stream a whole body stands for: its data (JSON, or text as it is) and its name. */
export interface WholeEvent {
  data: unknown;
  event?: string;
}

const utf8 = new TextEncoder();

/**
 * A non-streamed answer read by its protocol's own stream decoder: the body is restated
 * as the events its stream would have carried, and each goes through `decoder` as a
 * streamed one does, its end included. So a whole body and its stream assemble to the
 * same message, with nothing read twice in two ways.
 */
export function decodeWhole(decoder: StreamDecoder, events: WholeEvent[]): StreamEvent[] {
  const out: StreamEvent[] = [];
  events.forEach(({ data, event }, seq) => {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    const raw = `${event ? `event: ${event}\n` : ''}data: ${text}\n\n`;
    const item: SseEvent = {
      kind: 'event',
      seq,
      raw,
      // Never read by a decoder: counted only if asked.
      get bytes() {
        return utf8.encode(raw).byteLength;
      },
      at: 0,
      data: text,
      ...(event ? { event } : {}),
    };
    out.push(...decoder.decode(item));
  });
  out.push(...(decoder.end?.() ?? []));
  return out;
}
