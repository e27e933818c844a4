import Link from 'next/link';

/** A clear "not found" for an address that names nothing stored. */
export function NotFoundPage({ title, what }: { title: string; what: string }) {
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-3 px-4 py-16">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        There is no {what} at this address. It may have been deleted, or the link is mistyped.
      </p>
      <p>
        <Link href="/" className="text-sm text-sky-700 underline dark:text-sky-400">
          Start a new chat
        </Link>
      </p>
    </main>
  );
}
