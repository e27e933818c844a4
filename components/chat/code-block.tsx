'use client';

import type { Element, ElementContent } from 'hast';
import { useEffect, useMemo, useState } from 'react';
import { codeHighlighter } from '@/lib/client/markdown/code-highlighter';
import { tokensToHtml } from '@/lib/markdown/tokens-to-html';
import { Button } from '@/components/ui/button';

/** A fenced block's language (from `language-x`) and text, read from its `pre > code` tree. */
function codeOf(pre: Element | undefined): { language: string; code: string } {
  const code = pre?.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  const classes = code?.properties.className;
  const language =
    (Array.isArray(classes) ? classes : [])
      .map(String)
      .find((c) => c.startsWith('language-'))
      ?.slice('language-'.length) ?? '';
  const text = (nodes: ElementContent[]): string =>
    nodes.map((n) => (n.type === 'text' ? n.value : n.type === 'element' ? text(n.children) : '')).join('');
  return { language, code: text(code?.children ?? []).replace(/\n$/, '') };
}

/**
 * Shiki's tokens for a finished block, as HTML: from the cache at once when the block
 * was highlighted before, else from the highlighting worker (the block shows plain
 * meanwhile); null for the streaming tail and for languages Shiki does not know.
 */
function useHighlighted(code: string, language: string, enabled: boolean): string | null {
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

function CopyCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      aria-label="Copy code"
      onClick={() => void navigator.clipboard?.writeText(code).then(() => setCopied(true))}
      className="md-code-copy"
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/**
 * A fenced code block: its language, a copy button, and the code, highlighted once the
 * block is finished (the streaming tail stays plain: its tokens change every frame).
 */
export function CodeBlock({ node, highlight }: { node?: Element; highlight: boolean }) {
  const { language, code } = codeOf(node);
  const html = useHighlighted(code, language, highlight);
  return (
    <div className="md-code" data-language={language || undefined}>
      <div className="md-code-header">
        <span>{language || 'text'}</span>
        <CopyCode code={code} />
      </div>
      {/* Shiki's tokens as HTML: every text escaped, styles only from its own themes (tokens-to-html.ts). */}
      {html !== null ? (
        <pre tabIndex={0} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <pre tabIndex={0}>
          <code>{code}</code>
        </pre>
      )}
    </div>
  );
}
