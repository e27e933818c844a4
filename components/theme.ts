/**
 * Light or dark: the user's choice (`localStorage` `sluice-theme`, set by the theme
 * toggle), else the system's. One rule, run twice: before paint by the root layout's
 * inline script (THEME_SCRIPT), and by ThemeSync (theme-toggle.tsx) for a page the
 * browser renders itself, where React never runs an inline script (a 404's error shell).
 * The choice is kept in a cookie too, for the pages the server writes without a script (a
 * share's: lib/server/http/server-page.ts); here it is written again for a choice made
 * before the cookie was. Self-contained, so its source is the script's text.
 */
export function applyChosenTheme(): void {
  try {
    const chosen = localStorage.getItem('sluice-theme');
    if (chosen === 'dark' || (chosen === null && matchMedia('(prefers-color-scheme: dark)').matches))
      document.documentElement.classList.add('dark');
    if ((chosen === 'dark' || chosen === 'light') && !document.cookie.includes(`sluice-theme=${chosen}`))
      document.cookie = `sluice-theme=${chosen}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    // No storage (a locked-down browser): the page stays light.
  }
}

/** Keeps the user's choice: for the app (localStorage) and for the server's pages without a script (a cookie, a year). */
export function chooseTheme(theme: 'light' | 'dark'): void {
  localStorage.setItem('sluice-theme', theme);
  document.cookie = `sluice-theme=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** Runs before paint, so a dark page never flashes light. */
export const THEME_SCRIPT = `(${applyChosenTheme.toString()})()`;
