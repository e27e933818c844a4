import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * Tokens in a text, for splitting a prompt into its parts: OpenAI's o200k_base encoding
 * (gpt-tokenizer, pure JS), the GPT-4o/4.1/5 models' own. Claude and Gemini tokenize
 * otherwise, so their counts are estimates; composition.ts scales the parts to the input
 * the provider reported, which only needs the proportions right. One function, so that
 * another tokenizer is a change of one line.
 *
 * Cost, measured on the dev machine (2 shared cores, Node 20): composeContext of a 150 KB
 * Claude Code request (≈38 K tokens; source files as tool results) takes about 40 ms for
 * the first, 20 ms for each other one, 8 ms for one seen before (the encoder caches its
 * merges); one 150 KB string alone 20–80 ms. Loading the o200k tables costs ≈150 ms, once.
 * Special tokens (`<|endoftext|>` in a tool result) are counted as the text they are,
 * never thrown on.
 */
const plain = { disallowedSpecial: new Set<string>() };

/**
 * A run this long without a space (a base64 image, a minified file, a padded test body)
 * is counted in slices of this many characters: the encoder's merges take time quadratic in
 * a word's length (a 40 K-character word 1.5 s, 300 K over a minute, on the main thread
 * that relays every stream), and a slice's edge adds at most a token per slice.
 */
const SLICE = 256;
const LONG_RUN = new RegExp(`\\S{${SLICE + 1},}`, 'g');

export function countTokens(text: string): number {
  if (!text) return 0;
  let tokens = 0;
  let from = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    tokens += o200k(text.slice(from, run.index), plain);
    for (let i = 0; i < run[0].length; i += SLICE) tokens += o200k(run[0].slice(i, i + SLICE), plain);
    from = run.index + run[0].length;
  }
  return tokens + o200k(from ? text.slice(from) : text, plain);
}
