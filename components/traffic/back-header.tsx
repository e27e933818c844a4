import Link from 'next/link';
import { ThemeToggle } from '../theme-toggle';

/** The header of a page under the Traffic page: a link back to the list it came from, and the theme. */
export function BackHeader({ href, label }: { href: string; label: string }) {
  return (
    <header className="sticky top-0 z-10 flex flex-wrap items-center gap-3 border-b border-zinc-200 bg-white py-3 pl-10 md:pl-0 dark:border-zinc-800 dark:bg-zinc-950">
      <Link href={href} className="text-sm text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
        <span aria-hidden="true">← </span>
        {label}
      </Link>
      <span className="ml-auto">
        <ThemeToggle />
      </span>
    </header>
  );
}
