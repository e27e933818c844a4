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

export function countTokens(text: string): number {
  return text ? o200k(text, plain) : 0;
}
