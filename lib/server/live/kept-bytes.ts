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
