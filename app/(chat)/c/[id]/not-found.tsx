import Link from 'next/link';

export default function ConversationNotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-3 px-4 py-16">
      <h1 className="text-xl font-semibold">Conversation not found</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        There is no conversation at this address. It may have been deleted, or the link is mistyped.
      </p>
      <p>
        <Link href="/" className="text-sm text-sky-700 underline dark:text-sky-400">
          Start a new chat
        </Link>
      </p>
    </main>
  );
}
