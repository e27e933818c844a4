import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { withoutPartialFence } from './partial-fence';
import { markdownToHast } from './to-hast';

const html = (markdown: string, streaming = false) => toHtml(markdownToHast(markdown, streaming));

describe('a reply cut in the middle of a code fence marker', () => {
  it('stopped inside its code, while writing the closing fence: the code, and no "`" or "``" line in it', () => {
    for (const cut of ['`', '``', '~~']) {
      const out = html(`Here:\n\n\`\`\`py\nprint(1)\n${cut}`);
      expect(out).toContain('<code class="language-py">print(1)\n</code>');
      expect(out).not.toContain(`${cut}</code>`);
    }
  });

  it('stopped while writing the opening fence: the text before it, and no "`" paragraph', () => {
    expect(html('Here is the code:\n\n``')).toBe('<p>Here is the code:</p>');
    expect(html('Here is the code:\n`', true)).toBe('<p>Here is the code:</p>');
  });

  it('leaves inline code, a marker with text after it, and one before a newline as they are', () => {
    expect(withoutPartialFence('use `x`')).toBe('use `x`');
    expect(withoutPartialFence('a `` b')).toBe('a `` b');
    expect(withoutPartialFence('```\ncode\n``\nmore')).toBe('```\ncode\n``\nmore');
    expect(withoutPartialFence('```\ncode\n```')).toBe('```\ncode\n```');
    expect(withoutPartialFence('text\n  ``  ')).toBe('text\n');
  });
});
