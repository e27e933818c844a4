'use client';

import { useLayoutEffect } from 'react';
import { Button } from '@/components/ui/button';
import { applyChosenTheme, chooseTheme } from './theme';

/**
 * Light or dark: follows the system until the user picks, then remembers. Named by what
 * it shows ("Dark theme" in the light one, "Light theme" in the dark one), so a voice
 * control user saying "click Dark" reaches it: an aria-label other than the visible word
 * failed axe's label-content-name-mismatch.
 */
export function ThemeToggle() {
  return (
    <Button
      onClick={() => {
        const dark = document.documentElement.classList.toggle('dark');
        chooseTheme(dark ? 'dark' : 'light');
      }}
      className="ml-auto rounded-md border border-zinc-300 px-2 py-1 text-xs dark:border-zinc-700"
    >
      <span className="dark:hidden">
        Dark<span className="sr-only"> theme</span>
      </span>
      <span className="hidden dark:inline">
        Light<span className="sr-only"> theme</span>
      </span>
    </Button>
  );
}

/**
 * The theme again, once the page is in the browser's hands: a page whose server render
 * failed (a not-found conversation answers with Next's error shell, then renders in the
 * browser) never ran the layout's inline script. Before paint, so it does not flash light.
 */
export function ThemeSync() {
  useLayoutEffect(applyChosenTheme, []);
  return null;
}
