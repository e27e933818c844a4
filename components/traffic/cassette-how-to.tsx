'use client';

import { useOrigin } from '@/lib/client/use-origin';

/**
 * How to record to a cassette and play it back: the header, the path, and `npm run with`,
 * in `mode` (`record` for a cassette with no recording yet: what to do first).
 */
export function CassetteHowTo({ name, mode = 'playback' }: { name: string; mode?: 'record' | 'playback' }) {
  const origin = useOrigin() || 'http://127.0.0.1:3000';
  return (
    <section
      aria-labelledby="cassette-how-to"
      className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800"
    >
      <h2 id="cassette-how-to" className="font-semibold">
        Record and play back
      </h2>
      <p className="text-zinc-700 dark:text-zinc-300">
        <code>record</code> forwards each request and adds the exchange; <code>playback</code> answers from the cassette only (a
        request it has no recording of gets a 504 saying which recording came closest); <code>hybrid</code> plays back what it has
        and records the rest. Pick one per request with a header, or with the base URL:
      </p>
      <pre
        tabIndex={0}
        aria-label="How to use a cassette"
        className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900"
      >
        {[
          `x-sluice-cassette: ${name}; mode=${mode}`,
          `${origin}/cassette/${name}/${mode}/{provider}`,
          `npm run with -- --cassette=${name} --mode=${mode} npm test`,
        ].join('\n')}
      </pre>
    </section>
  );
}
