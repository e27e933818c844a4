import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { markdownToHast } from './to-hast';

const html = (markdown: string, streaming = false) => toHtml(markdownToHast(markdown, streaming));

describe('markdownToHast', () => {
  it('renders GFM: tables, task lists, strikethrough, fenced code with its language', () => {
    const out = html('| a | b |\n|---|--:|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~gone~~\n\n```ts\nconst x = 1;\n```\n');
    expect(out).toContain('<table>');
    expect(out).toContain('<td align="right">2</td>');
    expect(out).toContain('<input type="checkbox" checked disabled>');
    expect(out).toContain('<del>gone</del>');
    expect(out).toContain('<code class="language-ts">const x = 1;\n</code>');
  });

  it('shows raw HTML as text and blocks javascript: links; safe links open in a new tab without an opener', () => {
    const out = html('<img src=x onerror="alert(1)"> <script>alert(2)</script> [bad](javascript:alert(3)) [good](https://example.com)');
    expect(out).not.toMatch(/<img|<script|javascript:/i);
    expect(out).toContain('&#x3C;img src=x onerror="alert(1)">');
    expect(out).toContain('[blocked]');
    expect(out).toContain('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">good</a>');
  });

  it('completes a streaming tail’s unfinished syntax, and only when streaming', () => {
    expect(html('so **bol', true)).toBe('<p>so <strong>bol</strong></p>');
    expect(html('so **bol')).toBe('<p>so **bol</p>');
  });
});
