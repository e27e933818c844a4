import type { DiffSection } from '@/lib/client/diff/reply-comparison';
import { diffSummary, sideOf, type DiffSegment } from '@/lib/client/word-diff';

const removed = 'rounded-sm bg-red-100 text-red-900 line-through decoration-red-700/60 dark:bg-red-950 dark:text-red-200';
const added = 'rounded-sm bg-green-100 text-green-900 no-underline dark:bg-green-950 dark:text-green-200';

/**
 * The segments as text, changes marked: removed as <del>, added as <ins>, each with its
 * word said for a screen reader too (most do not announce the elements themselves).
 */
function Segments({ segments }: { segments: DiffSegment[] }) {
  return segments.map((s, i) =>
    s.kind === 'same' ? (
      <span key={i}>{s.text}</span>
    ) : s.kind === 'removed' ? (
      <del key={i} className={removed}>
        <span className="sr-only">[only in A: </span>
        {s.text}
        <span className="sr-only">]</span>
      </del>
    ) : (
      <ins key={i} className={added}>
        <span className="sr-only">[only in B: </span>
        {s.text}
        <span className="sr-only">]</span>
      </ins>
    ),
  );
}

const box =
  'min-w-0 whitespace-pre-wrap break-words rounded-md border border-zinc-200 p-3 font-mono text-[13px] leading-relaxed dark:border-zinc-800';

/** One section of the two replies (the answer, the thinking, a tool call's arguments), side by side or inline. */
export function DiffText({ section, view }: { section: DiffSection; view: 'side' | 'inline' }) {
  const { diff, title } = section;
  const empty = <span className="text-zinc-600 italic dark:text-zinc-400">(none)</span>;
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold">{title}</h2>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{diffSummary(diff)}</p>
      {view === 'inline' ? (
        <div className={box}>{diff.segments.length ? <Segments segments={diff.segments} /> : empty}</div>
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {(['a', 'b'] as const).map((side) => {
            const segments = sideOf(diff.segments, side);
            return (
              <div key={side} role="group" aria-label={`${title}, ${side.toUpperCase()}`} className="flex min-w-0 flex-col gap-1">
                <span className="text-xs font-semibold text-zinc-600 dark:text-zinc-400">{side.toUpperCase()}</span>
                <div className={box}>{segments.length ? <Segments segments={segments} /> : empty}</div>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
