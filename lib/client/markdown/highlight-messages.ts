import type { BundledLanguage, TokensResult } from 'shiki';

/** What the page asks the highlighting worker: one block. The worker owns the themes. */
export interface HighlightJob {
  id: number;
  code: string;
  language: BundledLanguage;
}

/** The worker's answer: Shiki's tokens for the job, or why there are none. */
export type HighlightAnswer = { id: number; result: TokensResult } | { id: number; error: string };
