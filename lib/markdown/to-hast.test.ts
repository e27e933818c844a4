import fc from 'fast-check';
import { toHtml } from 'hast-util-to-html';
import remend from 'remend';
import { describe, expect, it } from 'vitest';
import { splitBlocks } from '@/lib/client/markdown/markdown-blocks';
import { markdownReply } from '@/lib/simulator/content';
import { seededRandom } from '@/lib/seeded-random';
import { withoutPartialFence } from './partial-fence';
import { markdownPipeline, markdownToHast } from './to-hast';

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
    const out = html(
      '<img src=x onerror="alert(1)"> <script>alert(2)</script> [bad](javascript:alert(3)) [good](https://example.com)',
    );
    expect(out).not.toMatch(/<img|<script|javascript:/i);
    expect(out).toContain('&#x3C;img src=x onerror="alert(1)">');
    expect(out).toContain('[blocked]');
    expect(out).toContain('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">good</a>');
  });

  it('reads a URL scheme in any case, as browsers do: HTTPS:// is a link, JavaScript: is still blocked', () => {
    expect(html('[up](HTTPS://example.com/A?Q=1) [mail](MailTo:a@b.co)')).toContain(
      '<a href="https://example.com/A?Q=1" target="_blank" rel="noopener noreferrer">up</a> <a href="mailto:a@b.co"',
    );
    expect(html('![pic](Https://example.com/P.png)')).toContain('<a href="https://example.com/P.png"');
    const hostile = html('[a](JavaScript:alert(1)) [b](JAVASCRIPT:alert(2))');
    expect(hostile).not.toMatch(/javascript:|<a /i);
    expect(hostile.match(/\[blocked\]/g)).toHaveLength(2);
  });

  it('never loads an image: it is a link to it, named by its alt text, opening safely', () => {
    const out = html('see ![the secret](https://tracker.example/p.png?q=secret) and ![](https://tracker.example/x.png)');
    expect(out).not.toMatch(/<img/i);
    expect(out).toContain(
      '<a href="https://tracker.example/p.png?q=secret" target="_blank" rel="noopener noreferrer" class="md-image-link">Image: the secret</a>',
    );
    expect(out).toContain('>Image: https://tracker.example/x.png</a>');
    expect(html('![x](javascript:alert(1))')).not.toMatch(/<img|javascript:/i);
  });

  it('leaves source positions out of the tree: they were most of its weight', () => {
    expect(JSON.stringify(markdownToHast('# a\n\n| x |\n|---|\n| **1** |\n'))).not.toContain('position');
  });

  it('completes a streaming tail’s unfinished syntax, and only when streaming', () => {
    expect(html('so **bol', true)).toBe('<p>so <strong>bol</strong></p>');
    expect(html('so **bol')).toBe('<p>so **bol</p>');
  });

  it('shows a block the parser cannot read as its text, rather than losing it', () => {
    // The parser's development build asserts on this empty item before a task box;
    // vitest resolves that build, so the input really does throw here.
    const source = '-\n[x]\ta';
    const gfm = markdownPipeline(true);
    expect(() => gfm.runSync(gfm.parse(source), source)).toThrow();
    expect(html(source)).toBe('<p>-\n[x]\ta</p>');
  });

  describe('parses a block without GFM’s characters as CommonMark, to the tree GFM gives', () => {
    const gfm = markdownPipeline(true);
    // What any block loses first, GFM or not: a fence marker cut short at its end (partial-fence.ts).
    const always = (text: string) => {
      const source = withoutPartialFence(text);
      return gfm.runSync(gfm.parse(source), source);
    };
    const parses = (source: string) => {
      try {
        return Boolean(always(source));
      } catch {
        return false;
      }
    };

    it('for every block and streaming prefix of generated replies', () => {
      for (let seed = 1; seed <= 20; seed++) {
        for (const block of splitBlocks(markdownReply(seededRandom(seed), 600).join(''))) {
          expect(markdownToHast(block)).toEqual(always(block));
          const half = block.slice(0, Math.ceil(block.length / 2));
          expect(markdownToHast(half, true)).toEqual(always(remend(half)));
        }
      }
    });

    it('for any text over markdown’s characters, GFM’s among them', () => {
      const characters = 'ab1 \n\n\t*_`#->!()[]<>|~@.:/\\=+wh&;"'.split('');
      const pieces = ['www.', 'http://', 'https://', '-:', ':-', '> ', '- ', '    ', '1.', '[^', '[x]', 'mailto:'];
      const text = fc.string({ unit: fc.constantFrom(...characters, ...pieces), maxLength: 60 });
      fc.assert(
        fc.property(text, (source) => {
          fc.pre(parses(source));
          expect(markdownToHast(source)).toEqual(always(source));
        }),
        { numRuns: 3000 },
      );
    });

    it('for a one-column table, whose only GFM sign is its delimiter row, in a quote or list too', () => {
      for (const source of ['a\n-:', 'a\n:-', 'a\n :-: ', 'a\n---:\nb', '> a\n> -:', '- a\n  :-']) {
        expect(html(source)).toContain('<table>');
        expect(markdownToHast(source)).toEqual(always(source));
      }
    });

    it('and GFM still applies to each of its constructs, alone in a block', () => {
      const cases: [string, string][] = [
        ['mail me at a@b.co', '<a href="mailto:a@b.co"'],
        ['see www.example.com', '<a href="http://www.example.com/"'],
        ['see https://example.com/x', '<a href="https://example.com/x"'],
        ['~~gone~~', '<del>gone</del>'],
        ['| a |\n| - |\n| 1 |', '<table>'],
        ['- [x] done', '<input type="checkbox" checked disabled>'],
        ['a note[^1]\n\n[^1]: the note', 'data-footnote-ref'],
      ];
      for (const [source, element] of cases) {
        expect(html(source)).toContain(element);
        expect(markdownToHast(source)).toEqual(always(source));
      }
      for (const source of ['see WWW.example.com', 'see HTTP://example.com'])
        expect(markdownToHast(source)).toEqual(always(source));
    });
  });
});
