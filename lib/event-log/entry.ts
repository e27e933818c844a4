import type { StreamEvent } from '@/lib/protocols/events';
import type { BffMarker } from '@/lib/sse/bff-marker';
import type { SseItem } from '@/lib/sse/types';

/** One row of the event log: an SSE item as it came over the wire, with what it meant. */
export interface LogEntry {
  seq: number;
  /** ms since the request started. */
  at: number;
  /** ms since the previous item. */
  gap: number;
  kind: SseItem['kind'];
  /** The event's name ("message" by default); "comment", "retry" or "leftover" for the others; "sluice …" for the BFF's. */
  name: string;
  id?: string;
  /** UTF-8 bytes of the raw text. */
  size: number;
  /** The event's data, a comment's text, a retry's ms, or leftover text. */
  data: string;
  raw: string;
  /** Added by the BFF (`: sluice …`), not the upstream. */
  bff: boolean;
  /** For the BFF's lines: what the line means, in words (marker-note.ts); the row shows it before the raw text. */
  note?: string;
  /** A comment or keep-alive: shown in its own style, hideable. */
  ping: boolean;
  error: boolean;
  malformed: boolean;
  /** The protocol's terminal event ([DONE], message_stop, response.completed …). */
  terminal: boolean;
  /** Indexes of the reply parts this event wrote to. */
  parts: number[];
}

function nameOf(item: SseItem, bffKind: string | undefined): string {
  switch (item.kind) {
    case 'event':
      return item.event ?? 'message';
    case 'comment':
      return bffKind ? `sluice ${bffKind}` : 'comment';
    default:
      return item.kind;
  }
}

function dataOf(item: SseItem): string {
  switch (item.kind) {
    case 'event':
      return item.data;
    case 'comment':
      return item.text;
    case 'retry':
      return String(item.ms);
    case 'leftover':
      return item.raw;
  }
}

/** An SSE item and the normalized events it meant, as a log row; `marker`: the item read as a BFF marker, if it is one. */
export function toEntry(
  item: SseItem,
  events: StreamEvent[],
  parts: number[],
  previousAt: number,
  marker: BffMarker | undefined,
): LogEntry {
  // One pass over the events, and every row the same shape: a stream logs thousands of rows.
  let keepAlive = false;
  let error = item.kind === 'leftover';
  let malformed = false;
  let terminal = false;
  for (const { type } of events) {
    if (type === 'keep-alive') keepAlive = true;
    else if (type === 'error') error = true;
    else if (type === 'malformed') malformed = true;
    else if (type === 'end') terminal = true;
  }
  return {
    seq: item.seq,
    at: item.at,
    gap: item.at - previousAt,
    kind: item.kind,
    name: nameOf(item, marker?.kind),
    id: item.kind === 'event' ? item.id : undefined,
    size: item.bytes,
    data: dataOf(item),
    raw: item.raw,
    bff: marker !== undefined,
    ping: item.kind === 'comment' || keepAlive,
    error,
    malformed,
    terminal,
    parts,
  };
}
