import { describe, expect, it } from 'vitest';
import { KeptBuilder, keptChunks } from './kept-bytes';

describe('KeptBuilder', () => {
  it('keeps every chunk, its bytes and receive time, past its first buffers', () => {
    const builder = new KeptBuilder();
    const chunks = Array.from({ length: 300 }, (_, i) => ({
      bytes: new Uint8Array(100 + (i % 7) * 50).fill(i % 256),
      at: i * 0.5,
    }));
    // And one larger than everything before it together.
    chunks.push({ bytes: new Uint8Array(200_000).fill(7), at: 999 });
    for (const chunk of chunks) builder.append(chunk.bytes, chunk.at);
    const kept = builder.kept();
    expect(builder.count).toBe(chunks.length);
    expect(kept.bytes.byteLength).toBe(chunks.reduce((n, c) => n + c.bytes.byteLength, 0));
    const read = [...keptChunks(kept)];
    expect(read.map((c) => c.at)).toEqual(chunks.map((c) => c.at));
    read.forEach((chunk, i) => expect(Buffer.from(chunk.bytes).equals(Buffer.from(chunks[i]!.bytes))).toBe(true));
  });
});
