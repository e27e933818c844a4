import { useEffect, useMemo, useState } from 'react';
import { tokensToHtml } from '@/lib/markdown/tokens-to-html';
import { codeHighlighter } from './code-highlighter';

/**
 * Shiki's tokens for a finished piece of code, as HTML: from the cache at once when it
 * was highlighted before, else from the highlighting worker (the code shows plain
 * meanwhile); null while `enabled` is false (a reply's streaming tail) and for languages
 * Shiki does not know. The chat's code blocks and a capture's bodies read it alike.
 */
export function useHighlighted(code: string, language: string, enabled: boolean): string | null {
  const options = useMemo(() => ({ code, language }), [code, language]);
  const wanted = enabled && language !== '' && codeHighlighter.supportsLanguage(language);
  const cached = useMemo(() => {
    const tokens = wanted ? codeHighlighter.cached(options) : undefined;
    return tokens ? tokensToHtml(tokens) : null;
  }, [wanted, options]);
  const [answer, setAnswer] = useState<{ options: typeof options; html: string } | null>(null);
  useEffect(() => {
    if (!wanted || cached !== null) return;
    let live = true;
    codeHighlighter.highlight(options, (tokens) => live && setAnswer({ options, html: tokensToHtml(tokens) }));
    return () => {
      live = false;
    };
  }, [wanted, cached, options]);
  return cached ?? (answer?.options === options ? answer.html : null);
}
