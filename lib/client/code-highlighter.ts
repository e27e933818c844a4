import { createCodePlugin } from '@streamdown/code';

/** The one Shiki plugin instance: grammars load lazily, highlighting is asynchronous. */
export const codeHighlighter = createCodePlugin({ themes: ['github-light', 'github-dark'] });

/** What models write most; each grammar's first load is one long task. */
const COMMON_LANGUAGES = ['typescript', 'javascript', 'python', 'bash', 'json', 'rust', 'sql', 'go', 'tsx', 'html', 'css', 'yaml'] as const;

export const highlighterStatus = { ready: false };

const idle = (fn: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 50));

/**
 * Loads the common grammars one per idle period after the page loads, so their long
 * tasks happen before the user sends, not in the middle of a stream (the ui
 * benchmark found a 240 ms frame per first-seen language).
 */
export function prewarmHighlighter(): void {
  const languages = COMMON_LANGUAGES.filter((l) => codeHighlighter.supportsLanguage(l));
  const next = (i: number) => {
    if (i >= languages.length) {
      highlighterStatus.ready = true;
      return;
    }
    idle(() => {
      const done = () => next(i + 1);
      const result = codeHighlighter.highlight({ code: 'x', language: languages[i]!, themes: codeHighlighter.getThemes() }, done);
      if (result) done();
    });
  };
  next(0);
}
