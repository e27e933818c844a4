/// <reference lib="webworker" />
/**
 * Shiki off the main thread: grammar loading and tokenizing are long tasks (a
 * first-seen language cost a 240 ms frame), and here they cost the page nothing.
 * One highlighter for every language, each grammar loaded when first asked for
 * (one highlighter per language, as Streamdown's plugin kept, loaded both themes
 * again for each and made Shiki warn of too many instances).
 */
import { createHighlighter } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import type { HighlightAnswer, HighlightJob } from './highlight-messages';

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** Tokens carry both colors; the stylesheet picks one per color scheme. The light one on white: every token at 4.5:1 or more. */
const THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;
// The JavaScript engine needs no WebAssembly; "forgiving" skips the few patterns it cannot run rather than failing the grammar.
const highlighter = createHighlighter({
  themes: [THEMES.light, THEMES.dark],
  langs: [],
  engine: createJavaScriptRegexEngine({ forgiving: true }),
});
/** Jobs run one at a time, in order: a grammar is loaded once, by the first job that needs it. */
let queue: Promise<void> = Promise.resolve();

async function answer(job: HighlightJob): Promise<HighlightAnswer> {
  try {
    const shiki = await highlighter;
    await shiki.loadLanguage(job.language);
    return { id: job.id, result: shiki.codeToTokens(job.code, { lang: job.language, themes: THEMES }) };
  } catch (error) {
    return { id: job.id, error: String(error) };
  }
}

scope.onmessage = ({ data: job }: MessageEvent<HighlightJob>) => {
  queue = queue.then(async () => scope.postMessage(await answer(job)));
};
