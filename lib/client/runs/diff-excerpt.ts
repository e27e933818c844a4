import type { DiffSegment, WordDiff } from '../word-diff';

/**
 * A word diff with its long unchanged stretches cut to their ends: a system prompt of
 * 20,000 characters with one date changed shows the date and a little around it, not the
 * prompt. `kept` is the characters kept at each side of a cut.
 */
export type ExcerptSegment = DiffSegment | { kind: 'elided'; chars: number };

export function diffExcerpt(segments: DiffSegment[], kept = 120): ExcerptSegment[] {
  const out: ExcerptSegment[] = [];
  segments.forEach((segment, i) => {
    if (segment.kind !== 'same' || segment.text.length <= kept * 2 + 40) {
      out.push(segment);
      return;
    }
    // The text before the first change needs no lead-in, nor the text after the last its tail.
    const lead = i > 0 ? kept : 0;
    const tail = i < segments.length - 1 ? kept : 0;
    const { text } = segment;
    if (lead) out.push({ kind: 'same', text: text.slice(0, lead) });
    out.push({ kind: 'elided', chars: text.length - lead - tail });
    if (tail) out.push({ kind: 'same', text: text.slice(text.length - tail) });
  });
  return out;
}

/** A long text cut at `max` characters, and how many were left out. */
export function clipText(text: string, max = 1500): { text: string; more: number } {
  if (text.length <= max) return { text, more: 0 };
  let end = max;
  // Not between the halves of a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end--;
  return { text: text.slice(0, end), more: text.length - end };
}

/** What a change's word diff found, in a line: words removed and added, or why it is shown whole or by lines. */
export function changeSummary(diff: WordDiff): string {
  if (diff.whole) return 'Too long to compare word by word: shown whole, before then after.';
  const words = (n: number) => `${n} ${n === 1 ? 'word' : 'words'}`;
  const counts = `${words(diff.removedWords)} removed, ${words(diff.addedWords)} added.`;
  return diff.level === 'lines' ? `Compared line by line (too different to compare word by word in time): ${counts}` : counts;
}
