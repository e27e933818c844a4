import 'server-only';

/**
 * A reply's stream as the server kept it: every byte in one buffer, and where each
 * chunk started with its receive time. The server reads its copy of the reply from it
 * once the stream ends (`chat/server-copy.ts`): the live stream already keeps these
 * bytes for readers, so the relay hands nothing over while it streams. Its three
 * buffers are its own, to transfer to a worker.
 */
export interface KeptBytes {
  bytes: Uint8Array<ArrayBuffer>;
  /** Chunk i is bytes starts[i] to starts[i + 1] (or the end), received at[i] ms after the request started. */
  starts: Float64Array<ArrayBuffer>;
  at: Float64Array<ArrayBuffer>;
}

/** Kept bytes made of separate chunks (what another instance wrote to Redis). */
export function keptOf(chunks: { bytes: Uint8Array; at: number }[]): KeptBytes {
  const bytes = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.bytes.byteLength, 0));
  const starts = new Float64Array(chunks.length);
  const at = new Float64Array(chunks.length);
  let offset = 0;
  chunks.forEach((chunk, i) => {
    starts[i] = offset;
    at[i] = chunk.at;
    bytes.set(chunk.bytes, offset);
    offset += chunk.bytes.byteLength;
  });
  return { bytes, starts, at };
}

/** Each chunk of kept bytes, in order, as a view into them. */
export function* keptChunks({ bytes, starts, at }: KeptBytes): Generator<{ bytes: Uint8Array; at: number }> {
  for (let i = 0; i < starts.length; i++)
    yield { bytes: bytes.subarray(starts[i], i + 1 < starts.length ? starts[i + 1] : bytes.byteLength), at: at[i]! };
}

/** The blocks a KeptBuilder copies chunks into (a chunk larger than one gets a block of its size). */
const BLOCK_BYTES = 64 * 1024;

/**
 * Kept bytes built a chunk at a time, each copied as it comes into blocks of 64 KiB:
 * a stream's thousands of small chunks then die young, the garbage collector's cheapest
 * work, instead of living to the stream's end and beyond (docs/decisions.md: "Captures
 * read in the proxy's lulls"). Blocks, not one buffer doubled as it fills: no copy
 * as it grows, half the memory asked for, and none of it zeroed first (every byte read
 * back was written); joined into one buffer when read, off the hot path
 * (docs/decisions.md: "The proxy at undici's dispatch level").
 */
export class KeptBuilder {
  private readonly blocks: Buffer[] = [];
  private block = Buffer.alloc(0);
  /** Bytes of `block` written. */
  private used = 0;
  /** Where `block` starts among the bytes kept. */
  private blockStart = 0;
  private starts = new Float64Array(256);
  private ats = new Float64Array(256);
  /** Bytes kept. */
  length = 0;
  /** Chunks kept. */
  count = 0;

  append(chunk: Uint8Array, at: number): void {
    if (this.count === this.starts.length) {
      this.starts = grown(this.starts, this.count * 2);
      this.ats = grown(this.ats, this.count * 2);
    }
    const start = this.length;
    this.starts[this.count] = start;
    this.ats[this.count++] = at;
    this.length += chunk.byteLength;
    for (let from = 0; from < chunk.byteLength;) {
      if (this.used === this.block.byteLength) {
        this.block = Buffer.allocUnsafeSlow(Math.max(BLOCK_BYTES, chunk.byteLength - from));
        this.blocks.push(this.block);
        this.blockStart = start + from;
        this.used = 0;
      }
      const n = Math.min(this.block.byteLength - this.used, chunk.byteLength - from);
      this.block.set(n === chunk.byteLength ? chunk : chunk.subarray(from, from + n), this.used);
      this.used += n;
      from += n;
    }
  }

  /**
   * The bytes kept from offset `start` on: a view when one block holds them (almost
   * always), else joined. Kept bytes never change, and the blocks are never handed to a
   * worker (kept() copies them), so the view stays good.
   */
  bytesFrom(start: number): Buffer {
    if (start >= this.blockStart) return this.block.subarray(start - this.blockStart, this.used);
    const joined = Buffer.allocUnsafe(this.length - start);
    for (let i = this.blocks.length - 1, end = this.length; end > start; i--) {
      const block = this.blocks[i]!;
      const size = block === this.block ? this.used : block.byteLength;
      const blockStart = end - size;
      const from = Math.max(start, blockStart);
      block.copy(joined, from - start, from - blockStart, size);
      end = blockStart;
    }
    return joined;
  }

  /** What was kept so far, in buffers of its own (to transfer to a worker). */
  kept(): KeptBytes {
    const bytes = new Uint8Array(this.length);
    let offset = 0;
    for (const block of this.blocks) {
      const part = block === this.block ? block.subarray(0, this.used) : block;
      bytes.set(part, offset);
      offset += part.byteLength;
    }
    return { bytes, starts: this.starts.slice(0, this.count), at: this.ats.slice(0, this.count) };
  }
}

function grown(array: Float64Array<ArrayBuffer>, size: number): Float64Array<ArrayBuffer> {
  const bigger = new Float64Array(size);
  bigger.set(array);
  return bigger;
}
