'use client';

import Link from 'next/link';
import type { CaptureCassette } from '@/lib/api/cassettes';

/** Whether a capture was played back from a cassette or recorded to one, linking to the cassette. */
export function CassetteBadge({ cassette }: { cassette: CaptureCassette }) {
  const said = cassette.played ? 'played back from' : 'recorded to';
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
      <span aria-hidden="true">{cassette.played ? '▶' : '●'}</span>
      <span>
        {said} <span className="font-mono">{cassette.name}</span>
      </span>
    </Link>
  );
}
