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

  it('gives the bytes from any offset on, within a block and across blocks', () => {
    const builder = new KeptBuilder();
    const all: number[] = [];
    for (let i = 0; i < 900; i++) {
      const chunk = new Uint8Array(97 + (i % 5) * 40).map((_, j) => (i * 7 + j) % 251);
      const start = builder.length;
      builder.append(chunk, i);
      all.push(...chunk);
      // What one read's pieces come to: its own bytes, wherever the blocks split them.
      expect(Buffer.from(builder.bytesFrom(start)).equals(Buffer.from(chunk))).toBe(true);
    }
    for (const start of [0, 1, 65_535, 65_536, 70_000, all.length - 1])
      expect(Buffer.from(builder.bytesFrom(start)).equals(Buffer.from(all.slice(start)))).toBe(true);
  });
});
