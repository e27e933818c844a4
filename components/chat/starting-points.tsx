import Link from 'next/link';

const LINK = 'font-medium text-sky-700 underline underline-offset-2 dark:text-sky-400';

/**
 * The empty home's ways in, besides the message box below it: the first tour of the
 * README in four lines, so a new user sees Race, Traffic and Runs before the model list.
 */
export function StartingPoints() {
  return (
    <ul aria-label="Where to start" className="mt-6 grid max-w-3xl gap-2 text-zinc-700 sm:grid-cols-2 dark:text-zinc-300">
      <li className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
        <span className="font-medium">Chat</span>: pick a model in “Model” at the top and send a message below; the built-in
        simulator needs no key.
      </li>
      <li className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
        <Link href="/race" className={LINK}>
          Race
        </Link>{' '}
        two to six models on one prompt, live, with their speed and cost side by side.
      </li>
      <li className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
        Record your app’s traffic: point its base URL at Sluice’s <code className="text-xs">/proxy/…</code>, then read each
        exchange in{' '}
        <Link href="/traffic" className={LINK}>
          Traffic
        </Link>
        .
      </li>
      <li className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
        An agent’s requests through the proxy become a run: its context, cache and steps in{' '}
        <Link href="/runs" className={LINK}>
          Runs
        </Link>
        .
      </li>
    </ul>
  );
}
