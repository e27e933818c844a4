import 'server-only';
import type { Transform } from 'node:stream';
import * as zlib from 'node:zlib';
import { formatBytes } from '@/lib/sse/limits';
import { keptChunks, keptOf, type KeptBytes } from '@/lib/server/streams/live/kept-bytes';

/**
 * A response's content codings (RFC 9110 §8.4), in the order they were applied: what a
 * capture must undo to read the body. The proxy asks for identity; an upstream may
 * compress anyway, and the app gets the bytes as they came.
 */
export function contentCodings(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

type Zstd = { createZstdDecompress?: () => Transform };
/** zstd came to Node's zlib in 22.15 and 23.8: where it is missing, a zstd body is said to be unreadable. */
const createZstdDecompress = (zlib as unknown as Zstd).createZstdDecompress;

/** Whether a deflate body has the zlib wrapper HTTP's `deflate` means, or is the raw deflate some servers send instead. */
const zlibWrapped = (head: Buffer) => head.byteLength >= 2 && (head[0]! & 0x0f) === 8 && head.readUInt16BE(0) % 31 === 0;

/** A decoder of one coding, given the first bytes it will read; a reason instead when there is none here. */
function decoderFor(coding: string, head: Buffer): Transform | string {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlibWrapped(head) ? zlib.createInflate() : zlib.createInflateRaw();
    case 'br':
      return zlib.createBrotliDecompress();
    case 'zstd':
      return createZstdDecompress
        ? createZstdDecompress()
        : `This Node (${process.version}) cannot decode zstd (Node 22.15 and later can): the body is not kept.`;
    default:
      return `Sluice cannot decode the content coding "${coding}": the body is not kept.`;
  }
}

const boundNote = (maxBytes: number) =>
  `Decoded, the body passed ${formatBytes(maxBytes)} (SLUICE_MAX_REPLY_BYTES): the rest was not read.`;

/** One coding undone a read at a time: each read's bytes in, what they decode to out, at most `maxBytes` in all. */
class Layer {
  private decoder: Transform | undefined;
  private out: Buffer[] = [];
  private total = 0;
  private failure: Error | undefined;
  /** Bytes held until there are two, for deflate's wrapper to be told. */
  private head = Buffer.alloc(0);

  constructor(
    private readonly coding: string,
    private readonly maxBytes: number,
  ) {}

  private start(): Transform | string {
    const made = decoderFor(this.coding, this.head);
    if (typeof made === 'string') return made;
    made.on('data', (piece: Buffer) => {
      this.out.push(piece);
      this.total += piece.byteLength;
      // Past the bound: no more is decoded (zlib stops between two pieces of its output).
      if (this.total > this.maxBytes) made.destroy();
    });
    made.on('error', (error: Error) => (this.failure = error));
    return made;
  }

  /** The next read's bytes in; what they decoded to out, or that and why decoding stops here. */
  async push(input: Buffer): Promise<{ bytes: Buffer; note?: string }> {
    if (!this.decoder) {
      this.head = Buffer.concat([this.head, input]);
      if (this.head.byteLength < 2) return { bytes: Buffer.alloc(0) };
      const made = this.start();
      if (typeof made === 'string') return { bytes: Buffer.alloc(0), note: made };
      this.decoder = made;
      input = this.head;
    }
    const decoder = this.decoder;
    await new Promise<void>((resolve) => {
      const done = () => {
        decoder.off('close', done);
        resolve();
      };
      decoder.once('close', done);
      decoder.write(input);
      (decoder as zlib.Gzip).flush(done);
    });
    const bytes = Buffer.concat(this.out);
    this.out = [];
    if (this.total > this.maxBytes)
      return { bytes: bytes.subarray(0, bytes.byteLength - (this.total - this.maxBytes)), note: boundNote(this.maxBytes) };
    if (this.failure) return { bytes, note: `The ${this.coding} body did not decode: ${this.failure.message}` };
    return { bytes };
  }

  close(): void {
    this.decoder?.destroy();
  }
}

export interface DecodedContent {
  /** The decoded bytes, with the read each came out of (reads that decoded to nothing are left out). */
  kept: KeptBytes;
  /** Why it is not all of the body, when it is not. */
  note?: string;
}

/**
 * Kept bytes of a content-coded body, decoded read by read (each piece keeps the receive
 * time of the read it came out of, so a decoded stream's events keep theirs), at most
 * `maxBytes` of them at each coding undone: a small body may inflate without end (a zip
 * bomb), and what a capture reads is bounded as a reply is (SLUICE_MAX_REPLY_BYTES). Off
 * the hot path, on zlib's threads. A body cut short (the app left) decodes as far as it goes.
 */
export async function decodeContent(kept: KeptBytes, codings: string[], maxBytes: number): Promise<DecodedContent> {
  // Applied in order, undone in reverse.
  const layers = [...codings].reverse().map((coding) => new Layer(coding, maxBytes));
  const chunks: { bytes: Uint8Array; at: number }[] = [];
  let note: string | undefined;
  try {
    for (const chunk of keptChunks(kept)) {
      let bytes = Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.byteLength);
      for (const layer of layers) {
        const decoded = await layer.push(bytes);
        bytes = decoded.bytes;
        // What an outer coding gave before it stopped is still undone by the inner ones.
        note ??= decoded.note;
      }
      if (bytes.byteLength) chunks.push({ bytes, at: chunk.at });
      if (note !== undefined) break;
    }
  } finally {
    for (const layer of layers) layer.close();
  }
  return { kept: keptOf(chunks), ...(note ? { note } : {}) };
}
