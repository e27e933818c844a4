import Link from 'next/link';
import type { DiffSide, ReplyChoice } from '@/lib/api/diff';
import { PageStats } from '../page-stats';
import { LocalTime } from '../ui/local-time';

const diffHref = (a: string | undefined, b: string) =>
  a ? `/diff?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}` : `/diff?a=${encodeURIComponent(b)}`;

function Choices({ heading, choices, a }: { heading: string; choices: ReplyChoice[]; a?: string }) {
  if (!choices.length) return null;
  return (
    <section aria-label={heading} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold">{heading}</h2>
      <ul className="flex flex-col gap-1">
        {choices.map((c) => (
          <li key={`${c.near ?? ''}${c.id}`}>
            <Link
              href={diffHref(a, c.id)}
              className="block rounded-md border border-zinc-200 px-3 py-2 text-sm hover:bg-zinc-50 dark:border-zinc-800 dark:hover:bg-zinc-900"
            >
              <span className="font-medium">
                {c.provider} · <span className="font-mono">{c.model}</span>
              </span>
              <span className="text-zinc-600 dark:text-zinc-400">
                {' '}
                {c.near ? `in ${c.near}` : `in “${c.title}”`} · <LocalTime at={c.createdAt} />
              </span>
              {c.snippet ? (
                <span className="mt-0.5 block truncate text-xs text-zinc-600 dark:text-zinc-400">{c.snippet}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The page's address named one reply or none: the replies to compare it with (its own
 * conversation's and its session's first, then the newest anywhere), or an id to paste.
 * Links and a plain GET form: nothing here needs the page's script.
 */
export function ReplyPicker({
  a,
  near,
  recent,
  missing,
}: {
  a?: DiffSide;
  near: ReplyChoice[];
  recent: ReplyChoice[];
  missing: string[];
}) {
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-4 pl-12 md:pl-4">
      <PageStats />
      <h1 className="text-lg font-semibold tracking-tight">Diff two replies</h1>
      {missing.map((id) => (
        <p key={id} role="alert" className="text-sm text-red-700 dark:text-red-400">
          No stored reply “{id}”: it was deleted, is still streaming, or the id is wrong.
        </p>
      ))}
      {a ? (
        <p className="text-sm">
          Diffing{' '}
          <strong>
            {a.reply.provider} · {a.reply.model}
          </strong>{' '}
          in “{a.title}” (A) with… pick B.
        </p>
      ) : (
        <p className="text-sm">Pick reply A, then reply B.</p>
      )}
      <form action="/diff" method="get" className="flex flex-wrap items-end gap-2">
        {a ? <input type="hidden" name="a" value={a.id} /> : null}
        <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm">
          {a ? 'Reply B: its id or a link to it' : 'Reply A: its id or a link to it'}
          <input
            name={a ? 'b' : 'a'}
            required
            autoComplete="off"
            className="rounded-md border border-zinc-300 px-2 py-1 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
        <button type="submit" className="rounded-md bg-sky-700 px-3 py-1.5 text-sm text-white">
          {a ? 'Diff' : 'Choose'}
        </button>
      </form>
      <Choices heading="Beside it" choices={near} a={a?.id} />
      <Choices heading="Recent replies" choices={recent} a={a?.id} />
      {!near.length && !recent.length ? <p className="text-sm text-zinc-600 dark:text-zinc-400">No stored replies yet.</p> : null}
    </main>
  );
}
