import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanUtf8Length, Utf8Decoder, utf8Length } from './utf8';

describe('utf8', () => {
  it('utf8Length (Node’s) and scanUtf8Length (the browser’s) are the UTF-8 size of any string, lone surrogates included (as U+FFFD)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(scanUtf8Length(s)).toBe(Buffer.byteLength(s, 'utf8'));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }), (s) => {
        expect(scanUtf8Length(s)).toBe(Buffer.byteLength(s, 'utf8'));
      }),
      { numRuns: 500 },
    );
    expect(utf8Length('a\u00e9\u20ac\u{1f600}')).toBe(1 + 2 + 3 + 4);
    expect(scanUtf8Length('a\u00e9\u20ac\u{1f600}\ud800')).toBe(1 + 2 + 3 + 4 + 3);
  });

  it('decodes chunks as a streaming TextDecoder does, however the bytes are cut', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }),
        fc.array(fc.integer({ min: 0, max: 64 }), { maxLength: 6 }),
        (bytes, cuts) => {
          const points = [0, ...cuts.filter((c) => c <= bytes.length).sort((a, b) => a - b), bytes.length];
          const ours = new Utf8Decoder();
          const reference = new TextDecoder('utf-8', { ignoreBOM: true });
          let mine = '';
          let theirs = '';
          for (let i = 1; i < points.length; i++) {
            mine += ours.decode(bytes.subarray(points[i - 1], points[i]));
            theirs += reference.decode(bytes.subarray(points[i - 1], points[i]), { stream: true });
          }
          expect(mine + ours.end()).toBe(theirs + reference.decode());
        },
      ),
      { numRuns: 2000 },
    );
    const text = 'Zürich ✓ 😀';
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 15 }), { maxLength: 5 }), (cuts) => {
        const bytes = new TextEncoder().encode(text);
        const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
        const d = new Utf8Decoder();
        expect(
          points
            .slice(1)
            .map((end, i) => d.decode(bytes.subarray(points[i], end)))
            .join('') + d.end(),
        ).toBe(text);
      }),
    );
  });
});
