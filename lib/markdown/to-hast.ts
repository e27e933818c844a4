import type { Root } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { harden } from 'rehype-harden';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import remend from 'remend';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

/**
 * Model output is untrusted. Raw HTML is shown as the text it is, never parsed; the
 * tree is sanitized (GitHub's schema: no event handlers, no scripts) and hardened
 * (links and images only over safe protocols: `javascript:` becomes "[blocked]").
 */
function htmlAsText() {
  return (tree: MdastRoot) => {
    visit(tree, 'html', (node, index, parent) => {
      if (parent && index !== undefined) parent.children[index] = { type: 'text', value: node.value };
    });
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(htmlAsText)
  .use(remarkRehype)
  .use(rehypeSanitize, { ...defaultSchema, clobberPrefix: '' })
  .use(harden, { allowedImagePrefixes: ['*'], allowedLinkPrefixes: ['*'], allowedProtocols: ['*'], allowDataImages: false })
  .freeze();

/**
 * One markdown block as a HAST tree. A streaming tail has its unfinished syntax
 * completed first (an open `**`, a half-written link), so it reads as it will end.
 */
export function markdownToHast(markdown: string, streaming = false): Root {
  const source = streaming ? remend(markdown) : markdown;
  return processor.runSync(processor.parse(source), source) as Root;
}
