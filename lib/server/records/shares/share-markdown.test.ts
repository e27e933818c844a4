import { describe, expect, it } from 'vitest';
import { shareMarkdownHtml } from './share-markdown';

describe('a reply on a share page', () => {
  it('names no other origin: links and images become their text with the address beside it', () => {
    const html = shareMarkdownHtml(
      'See [the docs](https://evil.example/x?c=1) and ![a pixel](https://evil.example/p.png) <img src="https://evil.example/i.png"> https://evil.example/auto',
    );
    expect(html).not.toMatch(/<(a|img|script)\b/);
    // No tag names an address (the raw <img> is text, its `<` escaped).
    for (const [tag] of html.matchAll(/<[a-z][^>]*>/gi)) expect(tag).not.toMatch(/\s(href|src)=/);
    expect(html).toContain('the docs<span class="share-url"> (https://evil.example/x?c=1)</span>');
    expect(html).toContain('Image: a pixel');
    expect(html).toContain('&#x3C;img'); // raw HTML as the text it is
  });

  it('keeps what stays on the page: markdown, code, a footnote reference', () => {
    const html = shareMarkdownHtml('**bold** and `code`[^1]\n\n[^1]: a note\n\n```js\nlet a = 1 < 2;\n```');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toMatch(/<a href="#user-content-fn-1"/);
    expect(html).not.toContain('target=');
    expect(html).toContain('let a = 1 &#x3C; 2;');
  });
});
