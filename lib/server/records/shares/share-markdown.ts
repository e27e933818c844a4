import 'server-only';
import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { visit } from 'unist-util-visit';
import { markdownToHast } from '@/lib/markdown/to-hast';

/** An address on this page only (a footnote's `#fn-1`): every other one is shown, not linked. */
const inPage = (url: string) => url.startsWith('#');

/**
 * A reply's markdown as HTML for a share's page: the app's own sanitized tree (raw HTML
 * as text, no scripts, images already links: lib/markdown/to-hast.ts), and then no link
 * anywhere else either. A share is read by anyone holding its link, and a reply can be
 * steered into a link that carries what it read elsewhere (or a phishing page): each one
 * becomes its text with its address beside it, to copy if the reader chooses.
 */
export function shareMarkdownHtml(markdown: string): string {
  const tree: Root = markdownToHast(markdown);
  visit(tree, 'element', (node: Element) => {
    for (const key of ['src', 'srcSet', 'poster', 'action', 'formAction'])
      if (key in node.properties) delete node.properties[key];
    const href = node.properties.href;
    if (node.tagName !== 'a') return;
    if (typeof href === 'string' && inPage(href)) {
      // A footnote's jump stays on this page: no new tab.
      delete node.properties.target;
      return;
    }
    node.tagName = 'span';
    node.properties = { className: ['share-link'] };
    const label = toText(node.children);
    if (typeof href === 'string' && href && href !== label)
      node.children = [
        ...node.children,
        {
          type: 'element',
          tagName: 'span',
          properties: { className: ['share-url'] },
          children: [{ type: 'text', value: ` (${href})` }],
        },
      ];
  });
  return toHtml(tree);
}

function toText(children: ElementContent[]): string {
  return children.map((c) => (c.type === 'text' ? c.value : c.type === 'element' ? toText(c.children) : '')).join('');
}
