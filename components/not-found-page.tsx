import Link from 'next/link';
import { PageStats } from './page-stats';

/** A clear "not found" for an address that names nothing stored, with a way to start afresh (`start`: a new chat unless said). */
export function NotFoundPage({
  title,
  what,
  start = { href: '/', label: 'Start a new chat' },
}: {
  title: string;
  what: string;
  start?: { href: string; label: string };
}) {
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-3 px-4 py-16">
      <PageStats />
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        There is no {what} at this address. It may have been deleted, or the link is mistyped.
      </p>
      <p>
        <Link href={start.href} className="text-sm text-sky-700 underline dark:text-sky-400">
          {start.label}
        </Link>
      </p>
    </main>
  );
}
