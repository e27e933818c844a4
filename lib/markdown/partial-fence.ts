/**
 * A last line of one or two backticks (or tildes) and nothing else: a code fence a
 * stream was cut in the middle of writing (a reply stopped inside its code, or one
 * still streaming, the fence's third character on its way). Markdown reads it as
 * text, a literal "`" or "``" line; it is no text anyone wrote.
 */
const PARTIAL_FENCE = /(^|\n) {0,3}(?:`{1,2}|~{1,2})[ \t]*$/;

/** The markdown without a partial fence marker at its very end (the text's last line; a line before a newline is left). */
export function withoutPartialFence(markdown: string): string {
  return markdown.replace(PARTIAL_FENCE, '$1');
}
