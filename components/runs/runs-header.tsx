import Link from 'next/link';
import { PageHeader } from '../page-header';

/** The header of a page under /runs (a run, a diff of two): the way back to the list, and the theme. */
export function RunsHeader() {
  return (
    <PageHeader>
      <Link href="/runs" className="text-sm text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
        <span aria-hidden="true">← </span>
        All runs
      </Link>
    </PageHeader>
  );
}
