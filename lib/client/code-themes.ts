import type { BundledTheme } from 'shiki';

/** Code blocks' light and dark themes: tokens carry both colors, and the stylesheet picks one per color scheme. */
export const CODE_THEMES = ['github-light', 'github-dark'] as const satisfies readonly [BundledTheme, BundledTheme];
