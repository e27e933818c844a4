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

/**
 * Kept bytes built a chunk at a time, each copied into one growing buffer as it comes:
 * a stream's thousands of small chunks then die young, the garbage collector's cheapest
 * work, instead of living to the stream's end and beyond (docs/decisions.md: "Captures
 * read in the proxy's lulls").
 */
export class KeptBuilder {
  private bytes = new Uint8Array(16 * 1024);
  private starts = new Float64Array(64);
  private ats = new Float64Array(64);
  /** Bytes kept. */
  length = 0;
  /** Chunks kept. */
  count = 0;

  append(chunk: Uint8Array, at: number): void {
    if (this.count === this.starts.length) {
      this.starts = grown(this.starts, this.count * 2);
      this.ats = grown(this.ats, this.count * 2);
    }
    if (this.length + chunk.byteLength > this.bytes.byteLength) {
      const bigger = new Uint8Array(Math.max(this.bytes.byteLength * 2, this.length + chunk.byteLength));
      bigger.set(this.bytes.subarray(0, this.length));
      this.bytes = bigger;
    }
    this.bytes.set(chunk, this.length);
    this.starts[this.count] = this.length;
    this.ats[this.count++] = at;
    this.length += chunk.byteLength;
  }

  /** What was kept, as views of this builder's own buffers (transferring them ends it). */
  kept(): KeptBytes {
    return {
      bytes: this.bytes.subarray(0, this.length),
      starts: this.starts.subarray(0, this.count),
      at: this.ats.subarray(0, this.count),
    };
  }
}

function grown(array: Float64Array<ArrayBuffer>, size: number): Float64Array<ArrayBuffer> {
  const bigger = new Float64Array(size);
  bigger.set(array);
  return bigger;
}
