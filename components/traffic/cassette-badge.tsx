'use client';

import Link from 'next/link';
import type { CaptureCassette } from '@/lib/api/cassettes';

/**
 * What became of an exchange under a cassette: played back from it, recorded to it, or,
 * in playback mode, not found in it (the 504 that names the closest exchange; nothing recorded).
 */
export function cassetteOutcome(cassette: CaptureCassette): { said: string; mark: string } {
  if (cassette.played) return { said: 'played back from', mark: '▶' };
  if (cassette.mode === 'playback') return { said: 'not found in', mark: '○' };
  return { said: 'recorded to', mark: '●' };
}

/** Whether a capture was played back from a cassette, recorded to one or missing from it, linking to the cassette. */
export function CassetteBadge({ cassette }: { cassette: CaptureCassette }) {
  const { said, mark } = cassetteOutcome(cassette);
  return (
    <Link
      href={`/traffic/cassettes/${encodeURIComponent(cassette.name)}`}
      onClick={(e) => e.stopPropagation()}
      title={`Cassette ${cassette.name}, ${cassette.mode} mode`}
      className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs underline-offset-2 hover:underline ${
        cassette.played
          ? 'bg-violet-50 text-violet-800 dark:bg-violet-950/60 dark:text-violet-300'
          : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'
      }`}
    >
      <span aria-hidden="true">{mark}</span>
      <span>
        {said} <span className="font-mono">{cassette.name}</span>
      </span>
    </Link>
  );
}
