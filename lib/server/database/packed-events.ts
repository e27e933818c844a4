import 'server-only';
import { promisify } from 'node:util';
import { deflateRawSync, inflateRaw } from 'node:zlib';
import type { StoredEvents } from '@/lib/api/conversations';

/**
 * A reply's event log as it is written: the items' text end to end (deflated), then
 * each item's length (UTF-16 code units) and time, in turn. One string and one list of
 * numbers, not thousands of objects: the server writes every reply's log, and
 * serializing and storing items one by one was most of the relay's CPU per event
 * (docs/decisions.md: "Event logs stored packed").
 */
export interface PackedEvents {
  /** The items' raw text, one after another, deflated (raw deflate), as base64. */
  deflated: string;
  /** length, at, length, at, … */
  spans: number[];
  truncated: boolean;
}

const inflate = promisify(inflateRaw);

/**
 * A log's text as the store keeps it: deflated, as base64 for SQL's `decode(…, 'base64')`.
 * An embedded database write costs CPU per byte, and a token stream repeats the same
 * JSON around every token, which deflate takes out
 * (docs/decisions.md: "Event logs stored packed"). Packed where the log is made, in the
 * server copy's worker, off the relay's thread and below its priority: the text never
 * crosses to it (docs/decisions.md: "Event logs packed in the copy worker"). Text, not
 * bytea parameters: PGlite's own convert byte by byte, far slower; base64, not hex: a
 * third of the characters to pass and parse
 * (docs/decisions.md: "Event logs pass to SQL as base64").
 */
const deflated = (stream: string) => deflateRawSync(stream, { level: 1 }).toString('base64');

/** Builds a packed log an item at a time: the one place that writes the format `readPackedEvents` reads. */
export class EventPacker {
  private readonly raws: string[] = [];
  private readonly spans: number[] = [];

  add(raw: string, at: number): void {
    this.raws.push(raw);
    this.spans.push(raw.length, at);
  }

  packed(truncated: boolean): PackedEvents {
    return { deflated: deflated(this.raws.join('')), spans: this.spans, truncated };
  }
}

/** Packs items as the store writes them. */
export function packEvents({ items, truncated }: StoredEvents): PackedEvents {
  const packer = new EventPacker();
  for (const item of items) packer.add(item.raw, item.at);
  return packer.packed(truncated);
}

/** The items of a log's text cut by its spans. */
function itemsOf(stream: string, spans: number[], truncated: boolean): StoredEvents {
  const items: StoredEvents['items'] = [];
  let offset = 0;
  for (let i = 0; i + 1 < spans.length; i += 2) {
    const length = spans[i]!;
    items.push({ at: spans[i + 1]!, raw: stream.slice(offset, offset + length) });
    offset += length;
  }
  return { items, truncated };
}

/** The items a packed log was made of, as the event log reads them; inflated off the event loop (zlib's thread pool). */
export async function readPackedEvents({ deflated: text, spans, truncated }: PackedEvents): Promise<StoredEvents> {
  return itemsOf((await inflate(Buffer.from(text, 'base64'))).toString('utf8'), spans, truncated);
}
