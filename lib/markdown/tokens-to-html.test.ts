import { describe, expect, it } from 'vitest';
import { tokensToHtml } from './tokens-to-html';

describe('tokensToHtml', () => {
  it('escapes the code and puts each theme color in a CSS variable, a line per span', () => {
    const out = tokensToHtml({
      tokens: [
        [
          { content: '<b>&', offset: 0, htmlStyle: { color: '#D73A49', '--shiki-dark': '#F97583' } },
          { content: ' x', offset: 4 },
        ],
        [],
      ],
    } as never);
    expect(out).toBe(
      '<code><span class="line"><span style="--sdm-c:#D73A49;--shiki-dark:#F97583">&lt;b&gt;&amp;</span> x</span>\n<span class="line"></span></code>',
    );
  });

  it('cannot be broken out of through a style value', () => {
    const out = tokensToHtml({ tokens: [[{ content: 'x', offset: 0, color: '"><img src=x onerror=alert(1)>' }]] } as never);
    expect(out).not.toContain('<img');
  });
});
