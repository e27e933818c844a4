import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pick, seededRandom } from '@/lib/seeded-random';
import { agentRunRequests } from '@/tests/support/agent-run';
import { BLOCK_MAX, BLOCK_MIN, splitText } from './text-blocks';

/** Text of every kind: JSON-ish ASCII, long runs of one letter, emoji (surrogate pairs), accents. */
const anyText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 400 }),
      fc.constantFrom('{"role":"user","content":[', '"}, ', '\\n', ' ', '😀', 'é'),
      fc.integer({ min: 1, max: 20_000 }).map((n) => 'a'.repeat(n)),
      fc.integer({ min: 1, max: 3_000 }).map((n) => '😀'.repeat(n)),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;

describe('splitText', () => {
  it('joins back to the text, in blocks within the bounds, never cutting a surrogate pair', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const blocks = splitText(text);
        expect(blocks.join('')).toBe(text);
        blocks.forEach((block, i) => {
          expect(block.length).toBeGreaterThan(0);
          expect(block.length).toBeLessThanOrEqual(BLOCK_MAX);
          if (i < blocks.length - 1) {
            expect(block.length).toBeGreaterThanOrEqual(BLOCK_MIN - 1);
            expect(isHigh(block.charCodeAt(block.length - 1))).toBe(false);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('leaves a text’s blocks as they were when more is appended, but its last', () => {
    fc.assert(
      fc.property(anyText, anyText, (text, tail) => {
        const before = splitText(text);
        const after = splitText(text + tail);
        const kept = Math.max(0, before.length - 1);
        expect(after.slice(0, kept)).toEqual(before.slice(0, kept));
      }),
      { numRuns: 300 },
    );
  });

  it('finds the same blocks after an edit in the middle, a few blocks on', () => {
    const [text] = agentRunRequests(1);
    const edited = text!.slice(0, 30_000) + 'an edit' + text!.slice(30_100);
    const before = new Set(splitText(text!));
    const after = splitText(edited);
    const fresh = after.filter((block) => !before.has(block));
    expect(fresh.length).toBeLessThanOrEqual(2);
    expect(after.length).toBeGreaterThan(20);
  });

  it('cuts after a character that ends a word, so a word is always in one block', () => {
    const [text] = agentRunRequests(1);
    const blocks = splitText(text!);
    for (const block of blocks.slice(0, -1)) expect(block.at(-1)).toMatch(/[^A-Za-z0-9_]/);
  });

  it('cuts the same text the same way: the cuts are part of what is stored', () => {
    const random = seededRandom(7);
    const words = ['alpha', 'beta', 'gamma', 'delta', '{"a":', '},', '\\n', 'é', '😀'];
    const text = Array.from({ length: 6000 }, () => pick(random, words)).join(' ');
    expect(splitText(text).map((b) => b.length)).toMatchInlineSnapshot(`
      [
        2190,
        2301,
        1758,
        2218,
        2672,
        2164,
        3429,
        2909,
        2725,
        3186,
        1323,
      ]
    `);
  });
});
