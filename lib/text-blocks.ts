/**
 * Content-defined chunking of text (a Gear rolling hash, as FastCDC cuts bytes): a text is
 * cut where its last few dozen characters say so, not at fixed offsets, so two texts that
 * share a stretch share its blocks wherever it stands in each. An agent's request resends
 * the run so far with a little added (and a cache marker moved): cut this way, all but
 * the blocks around each change are the last request's blocks again, and are stored once
 * (lib/server/store/body-blocks.ts; docs/decisions.md: "A run's requests stored once").
 *
 * A cut falls only after an ASCII character that is not a letter, a digit or `_` (a
 * space, a quote, a comma, a brace): a word is never split between two blocks, so a
 * search for one finds it in a block whole; nor is a surrogate pair (half an emoji could
 * not be stored). The table and bounds are part of the stored format: blocks cut with
 * others are as readable, but share nothing with these.
 */

/** Fewest characters in a block (but the last), most, and the size the cuts aim at. */
export const BLOCK_MIN = 512;
export const BLOCK_AIM = 2048;
export const BLOCK_MAX = 8192;

/** How far back from BLOCK_MAX a forced cut looks for a character to cut after. */
const LOOK_BACK = 256;

/** 256 fixed pseudo-random words (splitmix32 of the index): the Gear hash's table. */
const GEAR = Uint32Array.from({ length: 256 }, (_, i) => {
  let z = (i * 0x9e3779b9 + 0x7f4a7c15) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
});

/**
 * Masks on the hash's top bits (the low ones remember only the last few characters):
 * harder to meet before BLOCK_AIM and easier after (FastCDC's normalized chunking), so
 * block sizes gather near the aim.
 */
const BITS = Math.log2(BLOCK_AIM);
const topBits = (n: number) => (~0 << (32 - n)) >>> 0;
const MASK_BEFORE = topBits(BITS + 2);
const MASK_AFTER = topBits(BITS - 2);

/** An ASCII character that is not a word's (letters, digits, `_`): a cut may follow it. */
function cutsAfter(code: number): boolean {
  if (code >= 0x80) return false;
  return !((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95);
}

/** Where the block that starts at `start` ends. */
function blockEnd(text: string, start: number): number {
  const rest = text.length - start;
  if (rest <= BLOCK_MIN) return text.length;
  const limit = start + Math.min(rest, BLOCK_MAX);
  // The hash forgets a character 32 steps after it: begun 32 before the first place it may
  // cut, it is there a function of the text alone, not of where this block began.
  let hash = 0;
  for (let i = start + BLOCK_MIN - 32; i < start + BLOCK_MIN; i++) hash = ((hash << 1) + GEAR[text.charCodeAt(i) & 0xff]!) >>> 0;
  let due = false;
  for (let i = start + BLOCK_MIN; i < limit; i++) {
    const code = text.charCodeAt(i);
    hash = ((hash << 1) + GEAR[code & 0xff]!) >>> 0;
    if (!due) due = (hash & (i - start < BLOCK_AIM ? MASK_BEFORE : MASK_AFTER)) === 0;
    if (due && cutsAfter(code)) return i + 1;
  }
  if (limit === text.length) return limit;
  for (let i = limit; i > limit - LOOK_BACK; i--) if (cutsAfter(text.charCodeAt(i - 1))) return i;
  // No place to cut near the bound (a long run of letters): cut there, but never inside a surrogate pair.
  const high = text.charCodeAt(limit - 1);
  return high >= 0xd800 && high <= 0xdbff ? limit - 1 : limit;
}

/** The text's blocks, in order: joined, they are the text. */
export function splitText(text: string): string[] {
  const blocks: string[] = [];
  for (let start = 0; start < text.length;) {
    const end = blockEnd(text, start);
    blocks.push(text.slice(start, end));
    start = end;
  }
  return blocks;
}
