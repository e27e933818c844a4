import { diffLines, diffWordsWithSpace, type Change } from 'diff';

/** A run of text the two sides share, or that only one side has. */
export interface DiffSegment {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

export interface WordDiff {
  segments: DiffSegment[];
  /**
   * How fine the segments are: words; whole lines, when a word diff took too long (two
   * long replies with little in common); or none at all (`whole`), when even lines did:
   * the sides are then shown whole, one removed, one added.
   */
  level: 'words' | 'lines';
  whole: boolean;
  /** Words (runs of non-space) each side changed. */
  removedWords: number;
  addedWords: number;
}

/**
 * Beyond this many characters a side is too long to diff a word at a time on the
 * page's thread: two replies of 200 kB each with nothing in common would take seconds.
 */
export const MAX_DIFF_CHARS = 200_000;
/**
 * And the diff's own bound in time, once for words and once for lines: two unrelated
 * replies of 2,000 tokens took 370 ms a word at a time, of 4,000 more than 500 ms
 * (docs/decisions.md: "Diff: words, then lines, within 500 ms").
 */
const DIFF_TIMEOUT_MS = 500;

// Words as a reader sees them, in any script (CJK has no spaces; an emoji is one word): the
// browser's and Node's own segmenter, where there is one. Whitespace is a token of its own
// (diffWordsWithSpace), so the segments put back together are exactly each side's text.
const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'word' }) : undefined;

const words = (text: string) => text.match(/\S+/g)?.length ?? 0;

function whole(a: string, b: string): DiffSegment[] {
  return [...(a ? [{ kind: 'removed' as const, text: a }] : []), ...(b ? [{ kind: 'added' as const, text: b }] : [])];
}

/**
 * The word-level changes from `a` to `b`: segments in order, where the `same` and
 * `removed` ones are `a` and the `same` and `added` ones are `b`, character for
 * character (surrogate pairs never split: the segmenter works on graphemes' words).
 */
export function wordDiff(
  a: string,
  b: string,
  /** `wordEdits`: the most word edits tried before lines are (a bound in edits, where the time's would depend on the machine: tests). */
  { timeoutMs = DIFF_TIMEOUT_MS, wordEdits = Infinity } = {},
): WordDiff {
  let segments: DiffSegment[] | undefined;
  let level: WordDiff['level'] = 'words';
  let gaveUp = false;
  if (a === b) segments = a ? [{ kind: 'same', text: a }] : [];
  else if (!a || !b) segments = whole(a, b);
  else if (a.length > MAX_DIFF_CHARS || b.length > MAX_DIFF_CHARS) gaveUp = true;
  else {
    let changes: Change[] | undefined = diffWordsWithSpace(a, b, {
      timeout: timeoutMs,
      maxEditLength: wordEdits,
      intlSegmenter: segmenter,
    });
    if (!changes) {
      level = 'lines';
      changes = diffLines(a, b, { timeout: timeoutMs });
    }
    if (changes) segments = changes.map((c) => ({ kind: c.added ? 'added' : c.removed ? 'removed' : 'same', text: c.value }));
    else gaveUp = true;
  }
  if (!segments) segments = whole(a, b);
  let removedWords = 0;
  let addedWords = 0;
  for (const s of segments) {
    if (s.kind === 'removed') removedWords += words(s.text);
    if (s.kind === 'added') addedWords += words(s.text);
  }
  return { segments, level, whole: gaveUp, removedWords, addedWords };
}

/** One side of the diff, for the side-by-side view: `a`'s segments (same and removed) or `b`'s (same and added). */
export function sideOf(segments: DiffSegment[], side: 'a' | 'b'): DiffSegment[] {
  const other = side === 'a' ? 'added' : 'removed';
  return segments.filter((s) => s.kind !== other);
}

/** Tool call arguments as pretty JSON, so a diff of them is a diff of values, not of spacing; as streamed when not JSON. */
export function prettyArguments(argsText: string, args?: unknown): string {
  if (args !== undefined) return JSON.stringify(args, null, 2);
  try {
    return JSON.stringify(JSON.parse(argsText), null, 2);
  } catch {
    return argsText;
  }
}

/** What a diff found, in a sentence: the page's and the export's line above each part. */
export function diffSummary(diff: WordDiff): string {
  if (diff.whole) return 'Too long to compare word by word: each side is shown whole.';
  if (!diff.removedWords && !diff.addedWords) return 'The same in both.';
  const counts = `${diff.removedWords} ${diff.removedWords === 1 ? 'word' : 'words'} only in A, ${diff.addedWords} only in B.`;
  return diff.level === 'lines' ? `Too different to compare word by word in time: compared line by line. ${counts}` : counts;
}
