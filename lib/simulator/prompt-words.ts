/*
 * What a tool call's arguments take from the prompt, so a simulated tool call is about
 * what was asked ("the weather in Paris?" calls get_weather for Paris), as a model's
 * would be. The `key=value` option words are not part of the question.
 */

const OPTION_WORDS = /\b(?:tokens|tps|think|delay|stall|seed)=\d+(?:\.\d+)?\b/g;

/** The prompt without its option words, its spaces tidied. */
export const questionOf = (text: string) => text.replace(OPTION_WORDS, ' ').replace(/\s+/g, ' ').trim();

/** A place's name: capitalised words ("Paris", "New York", "São Paulo", "Rio de Janeiro"); one letter ("I") is no place. */
const WORD = String.raw`\p{Lu}[\p{L}'’-]+`;
const NAME = String.raw`${WORD}(?:\s+(?:(?:de|da|do|del|la|le|am|upon|on)\s+)?${WORD})*`;
/** What joins names in a list: "Paris, Rome", "Paris and (also) Tokyo", "Paris or Rome", ", then Tokyo", "Paris vs Rome". */
const JOIN = String.raw`(?:\s*,\s*(?:(?:and|or|then)\s+)?|\s+(?:and(?:\s+also)?|or|then|vs\.?|versus|as\s+well\s+as)\s+)`;
/** A list of names, after "in", "for", "at"… or not: without one, a list counts only with two names or more. */
const LIST = new RegExp(String.raw`(?:\b(in|for|at|about|near|from|to|of)\s+)?(${NAME}(?:${JOIN}${NAME})*)`, 'gu');
const SPLIT = new RegExp(JOIN, 'u');

/** Capitalised words that start a sentence, not a place: "Compare Paris and Rome" is about Paris. */
const NOT_PLACES = new Set([
  ...'What Where When Why How Who Which Whose Is Are Was Were Do Does Did Can Could Will Would Should'.split(' '),
  ...'Shall May Might Tell Show Give Get Check Compare Please Hi Hello Hey The A An And Or Then Also'.split(' '),
  ...'It Its We You They He She My Our Your Their Weather Today Tomorrow'.split(' '),
]);

/** A name without the sentence words before it ("Compare Paris" → "Paris"). */
function placeOf(name: string): string {
  const words = name.split(/\s+/);
  while (words.length > 0 && NOT_PLACES.has(words[0]!)) words.shift();
  return words.join(' ');
}

/**
 * The places a prompt names, in order: after "in", "for", "at"… ("weather in Paris and
 * Rome?" → Paris, Rome), or two or more joined without one ("Paris and London" → Paris,
 * London). A lone capitalised word with no such word before it is most likely a sentence's first.
 */
export function placesIn(text: string): string[] {
  const places: string[] = [];
  for (const [, preposition, list] of questionOf(text).matchAll(LIST)) {
    const named = list!.split(SPLIT).map(placeOf).filter(Boolean);
    if (!preposition && named.length < 2) continue;
    for (const place of named) if (!places.includes(place)) places.push(place);
  }
  return places;
}
