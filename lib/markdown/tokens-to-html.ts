import type { TokensResult } from 'shiki';

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/**
 * Shiki's tokens as one HTML string for `<pre>`: a highlighted block is hundreds of
 * spans, and setting them as HTML costs the page one parse instead of a React element
 * each. Lines are joined by newlines, as in the plain block, so the text reads (and
 * copies) the same before and after highlighting. The code's text is escaped; styles are the theme's colors as CSS variables
 * (`--sdm-c`, `--shiki-dark`), which the stylesheet applies per color scheme.
 */
export function tokensToHtml(result: TokensResult): string {
  const lines = result.tokens.map((line) => {
    const spans = line.map((token) => {
      const style: string[] = [];
      if (token.color) style.push(`--sdm-c:${token.color}`);
      for (const [name, value] of Object.entries(token.htmlStyle ?? {}))
        style.push(`${name === 'color' ? '--sdm-c' : name}:${value}`);
      return style.length > 0
        ? `<span style="${escapeAttr(style.join(';'))}">${escapeText(token.content)}</span>`
        : escapeText(token.content);
    });
    return `<span class="line">${spans.join('')}</span>`;
  });
  return `<code>${lines.join('\n')}</code>`;
}
