/**
 * A link in the sidebar's lists (its pages, the account's): a quiet row, not a button,
 * marked when its page is open (`aria-current`, "page" or "true" for a page under it).
 */
export const NAV_LINK = [
  'block rounded-md px-3 py-1 text-sm text-zinc-700 hover:bg-zinc-200/70 dark:text-zinc-300 dark:hover:bg-zinc-800',
  'aria-[current]:bg-zinc-200 aria-[current]:font-medium aria-[current]:text-zinc-900',
  'dark:aria-[current]:bg-zinc-800 dark:aria-[current]:text-zinc-100',
].join(' ');
