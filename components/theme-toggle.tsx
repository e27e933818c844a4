'use client';

import { Button } from '@/components/ui/button';

/** Light or dark: follows the system until the user picks, then remembers. */
export function ThemeToggle() {
  return (
    <Button
      aria-label="Toggle dark theme"
      onClick={() => {
        const dark = document.documentElement.classList.toggle('dark');
        localStorage.setItem('sluice-theme', dark ? 'dark' : 'light');
      }}
      className="ml-auto rounded-md border border-zinc-300 px-2 py-1 text-xs dark:border-zinc-700"
    >
      <span className="dark:hidden">Dark</span>
      <span className="hidden dark:inline">Light</span>
    </Button>
  );
}

/** Runs before paint, so a dark page never flashes light. */
export const THEME_SCRIPT = `try{var t=localStorage.getItem('sluice-theme');if(t==='dark'||(t===null&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.classList.add('dark')}catch(e){}`;
