import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSummary, MAX_DIFF_CHARS, prettyArguments, sideOf, wordDiff, type DiffSegment } from './word-diff';

const join = (segments: DiffSegment[]) => segments.map((s) => s.text).join('');

/** Every diff must give back both sides exactly: the view shows nothing that was not said, and drops nothing. */
function expectBothSides(a: string, b: string) {
  const { segments } = wordDiff(a, b);
  expect(join(sideOf(segments, 'a'))).toBe(a);
  expect(join(sideOf(segments, 'b'))).toBe(b);
  expect(segments.every((s) => s.text.length > 0)).toBe(true);
}

describe('wordDiff', () => {
  it('marks the words that changed, and only those', () => {
    const d = wordDiff('the quick brown fox', 'the slow brown fox');
    expect(d.segments).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'added', text: 'slow' },
      { kind: 'same', text: ' brown fox' },
    ]);
    expect([d.removedWords, d.addedWords]).toEqual([1, 1]);
    expect(d.whole).toBe(false);
  });

  it('two empty sides: nothing at all', () => {
    expect(wordDiff('', '')).toEqual({ segments: [], level: 'words', whole: false, removedWords: 0, addedWords: 0 });
  });

  it('one empty side: the other is all added or all removed', () => {
    expect(wordDiff('', 'hello there').segments).toEqual([{ kind: 'added', text: 'hello there' }]);
    expect(wordDiff('hello there', '').segments).toEqual([{ kind: 'removed', text: 'hello there' }]);
    expect(wordDiff('hello there', '').removedWords).toBe(2);
  });

  it('identical sides: one run, no change', () => {
    const text = 'same words\n\nsame lines 🙂';
    expect(wordDiff(text, text)).toEqual({
      segments: [{ kind: 'same', text }],
      level: 'words',
      whole: false,
      removedWords: 0,
      addedWords: 0,
    });
  });

  it('multibyte: emoji, combining marks and CJK stay whole, never split between code units', () => {
    const a = 'Ship it 🚀 now — café naïve 東京は晴れ 👩‍👩‍👧';
    const b = 'Ship it 🛳️ now — cafe naïve 東京は雨 👩‍👩‍👧';
    expectBothSides(a, b);
    const changed = wordDiff(a, b).segments.filter((s) => s.kind !== 'same');
    expect(changed.map((s) => s.text)).toContain('🚀');
    expect(changed.map((s) => s.text)).toContain('🛳️');
    // No segment starts or ends inside a surrogate pair.
    for (const s of wordDiff(a, b).segments) {
      expect(/^[\uDC00-\uDFFF]/.test(s.text)).toBe(false);
      expect(/[\uD800-\uDBFF]$/.test(s.text)).toBe(false);
    }
    // The family emoji (joined by zero-width joiners) is shared whole.
    expect(wordDiff(a, b).segments.some((s) => s.kind === 'same' && s.text.includes('👩‍👩‍👧'))).toBe(true);
  });

  it('very long sides with a few changes: a word-level diff, quickly', () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `word${i % 97}`);
    const a = words.join(' ');
    const changed = [...words];
    changed[5_000] = 'CHANGED';
    changed[15_000] = 'ALSO';
    const b = changed.join(' ');
    const started = performance.now();
    const d = wordDiff(a, b);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(d.whole).toBe(false);
    expect([d.removedWords, d.addedWords]).toEqual([2, 2]);
    expectBothSides(a, b);
  });

  it('sides too long to diff are shown whole, said to be, and still exact', () => {
    const a = 'a '.repeat(MAX_DIFF_CHARS);
    const b = 'b '.repeat(MAX_DIFF_CHARS);
    const d = wordDiff(a, b);
    expect(d.whole).toBe(true);
    expect(d.segments.map((s) => s.kind)).toEqual(['removed', 'added']);
    expectBothSides(a, b);
  });

  it('a word diff that takes too long falls back to whole lines, still exact', () => {
    const a = 'first line stays\nsecond line goes\nthird line stays\n';
    const b = 'first line stays\nsecond line is new\nthird line stays\n';
    // Words given up on at once, as past the time bound: lines are tried.
    const d = wordDiff(a, b, { wordEdits: 0 });
    expect(d.level).toBe('lines');
    expect(d.whole).toBe(false);
    expect(d.segments).toEqual([
      { kind: 'same', text: 'first line stays\n' },
      { kind: 'removed', text: 'second line goes\n' },
      { kind: 'added', text: 'second line is new\n' },
      { kind: 'same', text: 'third line stays\n' },
    ]);
    expectBothSides(a, b);
  });

  it('any two texts: both sides come back exactly (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', 'é', '🙂', '東', '.', 'word ', '\t') });
    fc.assert(
      fc.property(text, text, (a, b) => expectBothSides(a, b)),
      { numRuns: 300 },
    );
  });
});

describe('prettyArguments', () => {
  it('indents JSON arguments, so their diff is of values', () => {
    expect(prettyArguments('{"city":"Paris","days":2}')).toBe('{\n  "city": "Paris",\n  "days": 2\n}');
    expect(prettyArguments('', { b: [1] })).toBe('{\n  "b": [\n    1\n  ]\n}');
  });
  it('leaves arguments that are not JSON as streamed', () => {
    expect(prettyArguments('{"city": "Par')).toBe('{"city": "Par');
  });
});

describe('diffSummary', () => {
  it('says what was found, and how finely', () => {
    expect(diffSummary(wordDiff('a b c', 'a x c'))).toBe('1 word only in A, 1 only in B.');
    expect(diffSummary(wordDiff('a b c', 'a b c'))).toBe('The same in both.');
    expect(diffSummary(wordDiff('one two\nthree\n', 'one\nthree\n', { wordEdits: 0 }))).toBe(
      'Too different to compare word by word in time: compared line by line. 2 words only in A, 1 only in B.',
    );
    expect(diffSummary(wordDiff('a '.repeat(MAX_DIFF_CHARS), 'b'))).toBe(
      'Too long to compare word by word: each side is shown whole.',
    );
  });
});
