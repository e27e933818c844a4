import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import type { PackedEvents, StoredEvents } from './types';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/** Builds a packed log an item at a time: the one place that writes the format `unpackEvents` reads. */
export class EventPacker {
  private readonly raws: string[] = [];
  private readonly spans: number[] = [];

  add(raw: string, at: number): void {
    this.raws.push(raw);
    this.spans.push(raw.length, at);
  }

  packed(truncated: boolean): PackedEvents {
    return { stream: this.raws.join(''), spans: this.spans, truncated };
  }
}

/** Packs items as the store writes them. */
export function packEvents({ items, truncated }: StoredEvents): PackedEvents {
  const packer = new EventPacker();
  for (const item of items) packer.add(item.raw, item.at);
  return packer.packed(truncated);
}

/** The items a packed log was made of, as the event log reads them. */
export function unpackEvents({ stream, spans, truncated }: PackedEvents): StoredEvents {
  const items: StoredEvents['items'] = [];
  let offset = 0;
  for (let i = 0; i + 1 < spans.length; i += 2) {
    const length = spans[i]!;
    items.push({ at: spans[i + 1]!, raw: stream.slice(offset, offset + length) });
    offset += length;
  }
  return { items, truncated };
}

/**
 * A log's text as the store keeps it: deflated, as base64 for SQL's `decode(…, 'base64')`.
 * An embedded database write costs CPU per byte (about 30 ns in PGlite), and a token
 * stream repeats the same JSON around every token: the bench's stream shrinks 50x, a
 * recorded web-search stream 1.5x. Off the event loop (zlib's thread pool), and text
 * from Buffer: PGlite's own bytea parameters convert byte by byte, 100x slower. Base64,
 * not hex: a third of the characters to pass and parse (a 50 KB log's insert took
 * 1.24 ms of PGlite's CPU against 1.55–1.97 ms as hex).
 */
export async function compressStream(stream: string): Promise<string> {
  return (await deflate(stream, { level: 1 })).toString('base64');
}

export async function decompressStream(base64: string): Promise<string> {
  return (await inflate(Buffer.from(base64, 'base64'))).toString('utf8');
}
