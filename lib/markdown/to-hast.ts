import type { Element, Root } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { harden } from 'rehype-harden';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import remend from 'remend';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { withoutPartialFence } from './partial-fence';

/**
 * Model output is untrusted. Raw HTML is shown as the text it is, never parsed; the
 * tree is sanitized (GitHub's schema: no event handlers, no scripts) and hardened
 * (links and images only over safe protocols: `javascript:` becomes "[blocked]"), and
 * images are shown as links, never loaded.
 */
function htmlAsText() {
  return (tree: MdastRoot) => {
    visit(tree, 'html', (node, index, parent) => {
      if (parent && index !== undefined) parent.children[index] = { type: 'text', value: node.value };
    });
  };
}

/**
 * URL schemes are case-insensitive (a browser reads `HTTPS:` as `https:`), but the
 * sanitizer matches its allowed protocols exactly: `[x](HTTPS://…)` lost its link.
 */
function lowercaseSchemes() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      for (const key of ['href', 'src']) {
        const url = node.properties[key];
        if (typeof url === 'string') node.properties[key] = url.replace(/^[a-z][a-z\d+.-]*:/i, (scheme) => scheme.toLowerCase());
      }
    });
  };
}

/**
 * Images in a reply are not fetched. A reply can be steered (a prompt injection in a
 * document the model read, say) into an image whose URL carries the conversation to
 * someone else's server, and loading it would send it there. Each image becomes a
 * link to it, named by its alt text, for the reader to open if they choose.
 */
function imagesAsLinks() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'img') return;
      const { src, alt } = node.properties;
      const name = `Image: ${String(alt || src || 'without a source')}`;
      node.tagName = src ? 'a' : 'span';
      node.properties = src
        ? { href: src, target: '_blank', rel: ['noopener', 'noreferrer'], className: ['md-image-link'] }
        : { className: ['md-image-link'] };
      node.children = [{ type: 'text', value: name }];
    });
  };
}

/**
 * Without source positions: nothing renders them, and they were much of what a tree
 * weighs when it crosses from the worker to the page and stays in the store
 * (docs/decisions.md: "Trees without source positions").
 */
function withoutPositions() {
  return (tree: Root) => {
    visit(tree, (node) => {
      delete node.position;
    });
  };
}

/** The whole pipeline, with GFM or without (exported for the test that holds the two to the same trees). */
export function markdownPipeline(gfm: boolean) {
  return unified()
    .use(remarkParse)
    .use(gfm ? [remarkGfm] : [])
    .use(htmlAsText)
    .use(remarkRehype)
    .use(lowercaseSchemes)
    .use(rehypeSanitize, { ...defaultSchema, clobberPrefix: '' })
    .use(harden, { allowedImagePrefixes: ['*'], allowedLinkPrefixes: ['*'], allowedProtocols: ['*'], allowDataImages: false })
    .use(imagesAsLinks)
    .use(withoutPositions)
    .freeze();
}

const withGfm = markdownPipeline(true);
const commonMark = markdownPipeline(false);

/**
 * Every GFM construct starts at one of these: a table's `|` or, for a one-column
 * table without pipes, its delimiter row's colon beside a dash (`-:`, `:-`, in a
 * quote or a list too); strikethrough's `~`, a task box's or footnote's `[`, an
 * email's `@`, a `www.` or `http(s)://` link. GFM tries its email links at every
 * word, a large share of a paragraph's or list's parse; a block with none of these
 * parses as CommonMark, to the same tree
 * (docs/decisions.md: "GFM only where its characters are").
 */
const MAY_BE_GFM = /[|~[@]|-:|:-|www\.|https?:\/\//i;

/**
 * One markdown block as a HAST tree. A streaming tail has its unfinished syntax
 * completed first (an open `**`, a half-written link), so it reads as it will end; any
 * block loses a fence marker cut short at its end (a reply stopped mid-fence).
 */
export function markdownToHast(markdown: string, streaming = false): Root {
  const whole = withoutPartialFence(markdown);
  const source = streaming ? remend(whole) : whole;
  const processor = MAY_BE_GFM.test(source) ? withGfm : commonMark;
  try {
    return processor.runSync(processor.parse(source), source) as Root;
  } catch {
    return asPlainText(source);
  }
}

/**
 * Model output can be anything, and the parser has its edge cases (development
 * builds of its GFM task-list step assert on some inputs): a block it cannot read
 * is shown as the text it is rather than lost, or left pending in the worker.
 */
function asPlainText(source: string): Root {
  return {
    type: 'root',
    children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: source }] }],
  };
}
