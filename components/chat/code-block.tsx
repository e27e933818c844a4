'use client';

import type { Element, ElementContent } from 'hast';
import { useState } from 'react';
import { useHighlighted } from '@/lib/client/markdown/use-highlighted';
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
