import type { ReactNode } from 'react';
import { ThemeToggle } from './theme-toggle';

/**
 * The bar atop every page but the chat's: the page's title and controls, then at its
 * end `end` (links that belong at the right) and the theme toggle. Its left padding
 * leaves room for the sidebar's menu button on a narrow screen.
 */
export function PageHeader({ children, end }: { children: ReactNode; end?: ReactNode }) {
  return (
    <header
      className={[
        'sticky top-0 z-10 flex flex-wrap items-center gap-3 border-b border-zinc-200 bg-white py-3 pl-10',
        'md:pl-0 dark:border-zinc-800 dark:bg-zinc-950',
      ].join(' ')}
    >
      {children}
      <span className="ml-auto flex items-center gap-3">
        {end}
        <ThemeToggle />
      </span>
    </header>
  );
}

/** A page's one heading, in its header. */
export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="flex h-8 items-center text-lg font-semibold tracking-tight">{children}</h1>;
}
