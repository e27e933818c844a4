'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { BlindVerdict, BlindVote as Vote } from '@/lib/api/blind';
import { useCompareStore } from '@/lib/client/compare/compare-store';
import { voteBlind } from '@/lib/client/compare/run-compare';
import { useMessagePool } from '@/lib/client/thread/message-pool';
import { verdictText, votePrompt } from '@/lib/client/compare/vote-words';
import { Button } from '@/components/ui/button';

const button =
  'rounded-md border border-zinc-300 px-2.5 py-1 text-sm font-medium hover:bg-zinc-100 disabled:opacity-40 dark:border-zinc-700 dark:hover:bg-zinc-800';

/** What the vote revealed, and whether it counts as blind. */
function Revealed({ vote }: { vote: Vote }) {
  return (
    <div role="status" className="flex flex-col gap-1 text-sm">
      <p>
        <span className="font-semibold">Your vote: {verdictText(vote.verdict, vote.panes.length)}.</span>{' '}
        {vote.panes.map((p, i) => (
          <span key={p.label}>
            {i ? ', ' : ''}
            {p.label} was <span className="font-mono">{`${p.provider} · ${p.model}`}</span>
          </span>
        ))}
        . {/* Where the vote counts: the next place to look once it is cast. */}
        <Link href="/leaderboard" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
          Leaderboard
        </Link>
      </p>
      {vote.blind ? null : (
        <p className="font-medium text-amber-700 dark:text-amber-400">
          Not counted as blind: {vote.nonBlindReason}. The leaderboard leaves it out.
        </p>
      )}
    </div>
  );
}

/**
 * A blind race's vote: which pane is better (of two; best, of more), a tie, or all
 * bad, once every pane's reply has ended. The vote reveals the names.
 */
export function BlindVote() {
  const { names, vote, streaming, compareId } = useCompareStore(
    useShallow((s) => ({
      // As one string, shallowly compared: a new array at each update would render for ever.
      names: s.panes.map((p) => p.model ?? '').join('\n'),
      vote: s.vote,
      streaming: s.panes.some((p) => p.streaming),
      compareId: s.compareId,
    })),
  );
  const labels = names.split('\n');
  // Every pane has a reply of its own that has ended.
  const answered = useMessagePool((s) =>
    useCompareStore.getState().panes.every((p) => {
      const last = p.order.at(-1);
      const m = last ? s.messages[last] : undefined;
      return m?.role === 'assistant' && m.reply.status !== 'streaming';
    }),
  );
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  if (!compareId) return null;
  if (vote) return <Revealed vote={vote} />;
  const ready = answered && !streaming && !sending;
  const cast = (verdict: BlindVerdict) => {
    setSending(true);
    setError(undefined);
    voteBlind(verdict).then(
      () => setSending(false),
      (e: Error) => {
        setSending(false);
        setError(e.message);
      },
    );
  };
  const verdicts: BlindVerdict[] = [
    ...labels.map((label) => ({ kind: 'best' as const, label })),
    { kind: 'tie' },
    { kind: 'both-bad' },
  ];
  return (
    <div className="flex flex-col gap-1">
      <div role="group" aria-label="Your vote" className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-zinc-700 dark:text-zinc-300">{votePrompt(labels.length, ready)}</span>
        {verdicts.map((verdict) => (
          <Button key={verdictText(verdict, labels.length)} disabled={!ready} onClick={() => cast(verdict)} className={button}>
            {verdictText(verdict, labels.length)}
          </Button>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
