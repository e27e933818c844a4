/**
 * Splits text into token-sized pieces the way model output arrives: a word with its
 * leading space, long words in pieces, punctuation alone, newlines apart.
 * Joining the pieces gives back the text exactly.
 */
const TOKEN = /[ \t]*[\p{L}\p{N}_]{1,7}|[ \t]*[^\s\p{L}\p{N}_]|\n+|[ \t]+(?=\n|$)|\s/gu;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}
