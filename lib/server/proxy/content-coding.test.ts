import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keptChunks, keptOf } from '@/lib/server/streams/live/kept-bytes';
import { contentCodings, decodeContent } from './content-coding';

type Zstd = { zstdCompressSync?: (input: Buffer) => Buffer };
const zstdCompress = (zlib as unknown as Zstd).zstdCompressSync;

/** The pieces compressed as one body, cut into as many reads. */
function compressed(coding: string, pieces: string[]): Buffer[] {
  const body = Buffer.from(pieces.join(''));
  const whole =
    coding === 'gzip'
      ? zlib.gzipSync(body)
      : coding === 'deflate'
        ? zlib.deflateSync(body)
        : coding === 'deflate-raw'
          ? zlib.deflateRawSync(body)
          : coding === 'br'
            ? zlib.brotliCompressSync(body)
            : zstdCompress!(body);
  const cut = Math.ceil(whole.byteLength / pieces.length);
  return pieces.map((_, i) => whole.subarray(i * cut, (i + 1) * cut));
}

const kept = (reads: Buffer[]) => keptOf(reads.map((bytes, i) => ({ bytes, at: 10 * (i + 1) })));
const text = (decoded: Awaited<ReturnType<typeof decodeContent>>) => Buffer.from(decoded.kept.bytes).toString();
const MiB = 1024 * 1024;

describe('content codings', () => {
  it('reads the header as the codings applied, in order, identity left out', () => {
    expect(contentCodings('gzip')).toEqual(['gzip']);
    expect(contentCodings('deflate, BR')).toEqual(['deflate', 'br']);
    expect(contentCodings(['identity', 'gzip'])).toEqual(['gzip']);
    expect(contentCodings(undefined)).toEqual([]);
  });

  for (const coding of ['gzip', 'deflate', 'br', ...(zstdCompress ? ['zstd'] : [])]) {
    it(`decodes ${coding} read by read, each piece at the time of the read it came out of`, async () => {
      const events = ['data: {"a":1}\n\n', 'data: {"b":2}\n\n', 'data: [DONE]\n\n'];
      const decoded = await decodeContent(kept(compressed(coding, events)), [coding], MiB);
      expect(decoded.note).toBeUndefined();
      expect(text(decoded)).toBe(events.join(''));
      const reads = [...keptChunks(decoded.kept)];
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.map((r) => r.at)).toEqual([...reads.map((r) => r.at)].sort((a, b) => a - b));
      for (const read of reads) expect([10, 20, 30]).toContain(read.at);
    });
  }

  it('decodes raw deflate, as some servers send for `deflate`, and codings applied one over another', async () => {
    expect(text(await decodeContent(kept(compressed('deflate-raw', ['plain text'])), ['deflate'], MiB))).toBe('plain text');
    const twice = zlib.gzipSync(zlib.brotliCompressSync('twice over'));
    expect(text(await decodeContent(kept([twice]), ['br', 'gzip'], MiB))).toBe('twice over');
  });

  it('a body cut short decodes as far as it goes', async () => {
    const whole = zlib.gzipSync('x'.repeat(100_000));
    const decoded = await decodeContent(kept([whole.subarray(0, whole.byteLength - 20)]), ['gzip'], MiB);
    expect(decoded.kept.bytes.byteLength).toBeGreaterThan(0);
    expect(decoded.note).toBeUndefined();
  });

  it('stops at the bound: a zip bomb inflates no further than it', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(64 * MiB, ' '));
    expect(bomb.byteLength).toBeLessThan(MiB);
    const decoded = await decodeContent(kept([bomb]), ['gzip'], 2 * MiB);
    expect(decoded.kept.bytes.byteLength).toBe(2 * MiB);
    expect(decoded.note).toMatch(/passed 2 MiB \(SLUICE_MAX_REPLY_BYTES\)/);
  });

  it('says why it cannot read a body: a coding it does not know, bytes that are not what they say', async () => {
    const unknown = await decodeContent(kept([Buffer.from('abc')]), ['compress'], MiB);
    expect(unknown).toMatchObject({ note: expect.stringContaining('"compress"') });
    expect(unknown.kept.bytes.byteLength).toBe(0);
    const broken = await decodeContent(kept([Buffer.from('not gzip at all')]), ['gzip'], MiB);
    expect(broken.note).toMatch(/The gzip body did not decode/);
  });

  it.runIf(!zstdCompress)('where Node has no zstd, says so', async () => {
    const decoded = await decodeContent(kept([Buffer.from('(\xb5/\xfd whatever')]), ['zstd'], MiB);
    expect(decoded.note).toMatch(/cannot decode zstd \(Node 22\.15 and later can\)/);
    expect(decoded.kept.bytes.byteLength).toBe(0);
  });
});
