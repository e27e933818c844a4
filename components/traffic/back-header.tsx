import Link from 'next/link';
import { PageHeader } from '../page-header';

/** The header of a page under the Traffic page: a link back to the list it came from, and the theme. */
export function BackHeader({ href, label }: { href: string; label: string }) {
  return (
    <PageHeader>
      <Link href={href} className="text-sm text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
        <span aria-hidden="true">← </span>
        {label}
      </Link>
    </PageHeader>
  );
}
