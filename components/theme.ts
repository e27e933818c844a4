/**
 * Light or dark: the user's choice (`localStorage` `sluice-theme`, set by the theme
 * toggle), else the system's. One rule, run twice: before paint by the root layout's
 * inline script (THEME_SCRIPT), and by ThemeSync (theme-toggle.tsx) for a page the
 * browser renders itself, where React never runs an inline script (a 404's error shell).
 * Self-contained, so its source is the script's text.
 */
export function applyChosenTheme(): void {
  try {
    const chosen = localStorage.getItem('sluice-theme');
    if (chosen === 'dark' || (chosen === null && matchMedia('(prefers-color-scheme: dark)').matches))
      document.documentElement.classList.add('dark');
  } catch {
    // No storage (a locked-down browser): the page stays light.
  }
}

/** Runs before paint, so a dark page never flashes light. */
export const THEME_SCRIPT = `(${applyChosenTheme.toString()})()`;
