import { describe, expect, it } from 'vitest';
import { wordDiff } from '../word-diff';
import { changeSummary, clipText, diffExcerpt } from './diff-excerpt';

describe('a change’s excerpt', () => {
  it('cuts long unchanged stretches to their ends, keeping every change', () => {
    const before = `${'a '.repeat(500)}Today is 2026-11-27. ${'b '.repeat(500)}`;
    const after = before.replace('2026-11-27', '2026-11-28');
    const excerpt = diffExcerpt(wordDiff(before, after).segments, 20);
    expect(excerpt.map((s) => s.kind)).toEqual(['elided', 'same', 'removed', 'added', 'same', 'elided']);
    expect(excerpt.filter((s) => s.kind === 'removed' || s.kind === 'added').map((s) => ('text' in s ? s.text : ''))).toEqual([
      '27',
      '28',
    ]);
    const kept = excerpt.reduce((n, s) => n + ('text' in s ? s.text.length : s.chars), 0);
    expect(kept).toBe(after.length + '27'.length);
  });

  it('keeps short texts whole, and says what changed', () => {
    const diff = wordDiff('get the weather', 'get the news');
    expect(diffExcerpt(diff.segments)).toEqual(diff.segments);
    expect(changeSummary(diff)).toBe('1 word removed, 1 word added.');
  });

  it('clips a long text, saying how much is left out', () => {
    expect(clipText('abcdef', 4)).toEqual({ text: 'abcd', more: 2 });
    expect(clipText('abc', 4)).toEqual({ text: 'abc', more: 0 });
    expect(clipText('ab😀', 3)).toEqual({ text: 'ab', more: 2 });
  });
});
