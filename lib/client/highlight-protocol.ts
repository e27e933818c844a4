import type { HighlightResult } from '@streamdown/code';
import type { BundledLanguage, BundledTheme } from 'shiki';

/** What the page asks the highlighting worker; themes travel by name. */
export interface HighlightJob {
  id: number;
  code: string;
  language: BundledLanguage;
  themes: [BundledTheme, BundledTheme];
}

/** The worker's answer: Shiki's tokens for the job, or why there are none. */
export type HighlightAnswer = { id: number; result: HighlightResult } | { id: number; error: string };
