'use client';

import { useMemo } from 'react';
import type { RunStep } from '@/lib/api/runs';
import { changeSummary, clipText, diffExcerpt } from '@/lib/client/runs/diff-excerpt';
import { formatCount } from '@/lib/client/runs/run-figures';
import { useTurnDiff } from '@/lib/client/runs/use-turn-diff';
import type { TurnDiff } from '@/lib/runs/turn-diff';
import { wordDiff } from '@/lib/client/word-diff';
import { MUTED } from './styles';

const TEXT_BOX =
  'min-w-0 whitespace-pre-wrap break-words rounded-md border border-zinc-200 p-2 font-mono text-xs leading-relaxed dark:border-zinc-800';
const removed = 'rounded-sm bg-red-100 text-red-900 line-through decoration-red-700/60 dark:bg-red-950 dark:text-red-200';
const added = 'rounded-sm bg-green-100 text-green-900 no-underline dark:bg-green-950 dark:text-green-200';

type Added = TurnDiff['added'][number];
type Changed = TurnDiff['changed'][number];

/** A section's label as a heading: "message 4 (tool result for Read)" → "Message 4 (tool result for Read)". */
const heading = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);

/** A section the request added: what it is, and its text (a long one cut, saying how much more there is). */
function AddedSection({ section }: { section: Added }) {
  const { text, more } = clipText(section.text);
  return (
    <li className="flex flex-col gap-1">
      <span className="text-sm font-medium">{heading(section.label)}</span>
      <div className={TEXT_BOX}>
        {text || <span className="text-zinc-600 italic dark:text-zinc-400">(empty)</span>}
        {more ? (
          <span className="block pt-1 font-sans text-zinc-600 dark:text-zinc-400">… {formatCount(more)} more characters</span>
        ) : null}
      </div>
    </li>
  );
}

/**
 * One change in the part meant to stay, word by word: removed words struck through, added
 * ones marked, each said to a screen reader too; long unchanged stretches cut to their ends.
 */
function Change({ change }: { change: Changed }) {
  const diff = useMemo(() => wordDiff(change.before, change.after), [change]);
  const excerpt = useMemo(() => diffExcerpt(diff.segments), [diff]);
  return (
    <li className="flex flex-col gap-1">
      <span className="text-sm font-medium">
        {heading(change.label)}
        {!change.after ? ' (gone)' : !change.before ? ' (new)' : ''}
      </span>
      <span className="text-xs text-zinc-600 dark:text-zinc-400">{changeSummary(diff)}</span>
      <div className={TEXT_BOX}>
        {excerpt.map((s, i) =>
          s.kind === 'elided' ? (
            <span key={i} className="font-sans text-zinc-600 italic dark:text-zinc-400">
              {` … ${formatCount(s.chars)} unchanged characters … `}
            </span>
          ) : s.kind === 'same' ? (
            <span key={i}>{s.text}</span>
          ) : s.kind === 'removed' ? (
            <del key={i} className={removed}>
              <span className="sr-only">[removed: </span>
              {s.text}
              <span className="sr-only">]</span>
            </del>
          ) : (
            <ins key={i} className={added}>
              <span className="sr-only">[added: </span>
              {s.text}
              <span className="sr-only">]</span>
            </ins>
          ),
        )}
      </div>
    </li>
  );
}

/**
 * What this step's request sent over the one before it on its lane: the messages it added
 * (the reply sent back, tool results, the next message), and what changed in what was
 * meant to stay the same (which is what breaks the provider's prompt cache).
 */
export function TurnDiffView({ step, previous }: { step: RunStep; previous: RunStep | undefined }) {
  const turn = useTurnDiff(step, previous);
  // A lane's first request has no start to keep: its tools and system prompt are added with its messages.
  const added =
    turn.state !== 'ready'
      ? []
      : previous
        ? turn.diff.added
        : [...turn.diff.changed.map((c) => ({ label: c.label, text: c.after })), ...turn.diff.added];
  return (
    <section
      aria-labelledby="turn-diff-heading"
      className="flex flex-col gap-2 border-t border-zinc-200 pt-3 dark:border-zinc-800"
    >
      <h3 id="turn-diff-heading" className="font-semibold">
        Turn diff
      </h3>
      <p className={MUTED}>
        {previous
          ? `What this request sent over step ${previous.step}’s, the one before it on its lane.`
          : 'The first request on its lane: all it sent is new.'}
      </p>
      {turn.state === 'loading' ? <p className={MUTED}>Reading both requests…</p> : null}
      {turn.state === 'failed' ? <p className="text-sm text-amber-800 dark:text-amber-300">{turn.message}</p> : null}
      {turn.state === 'ready' ? (
        <>
          <div className="flex flex-col gap-1">
            <h4 className="text-sm font-semibold">Added</h4>
            {added.length ? (
              <ol aria-label="Added" className="flex flex-col gap-2">
                {added.map((section, i) => (
                  <AddedSection key={i} section={section} />
                ))}
              </ol>
            ) : (
              <p className={MUTED}>No message past the previous request’s.</p>
            )}
          </div>
          {previous ? (
            <div className="flex flex-col gap-1">
              <h4 className="text-sm font-semibold">Changed in what was meant to stay</h4>
              {turn.diff.changed.length ? (
                <ul aria-label="Changed" className="flex flex-col gap-3">
                  {turn.diff.changed.map((change, i) => (
                    <Change key={i} change={change} />
                  ))}
                </ul>
              ) : (
                <p className={MUTED}>Nothing: the previous request is the start of this one, as the prompt cache needs.</p>
              )}
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
