/*
 * What a tool call's arguments take from the prompt, so a simulated tool call is about
 * what was asked ("the weather in Paris?" calls get_weather for Paris), as a model's
 * would be. The `key=value` option words are not part of the question.
 */

const OPTION_WORDS = /\b(?:tokens|tps|think|delay|stall|seed)=\d+(?:\.\d+)?\b/g;

/** The prompt without its option words, its spaces tidied. */
export const questionOf = (text: string) => text.replace(OPTION_WORDS, ' ').replace(/\s+/g, ' ').trim();

/** A place's name: capitalised words ("Paris", "New York", "São Paulo", "Rio de Janeiro"). */
const NAME = String.raw`\p{Lu}[\p{L}'’-]*(?:\s+(?:(?:de|da|do|del|la|le|am|upon|on)\s+)?\p{Lu}[\p{L}'’-]*)*`;
const LIST = new RegExp(
  String.raw`\b(?:in|for|at|about|near|from|to|of)\s+(${NAME}(?:(?:\s*,\s*|\s+(?:and|or)\s+)${NAME})*)`,
  'gu',
);

/** The places a prompt names after "in", "for", "at"…, in order: "weather in Paris and Rome?" → Paris, Rome. */
export function placesIn(text: string): string[] {
  const places: string[] = [];
  for (const [, list] of questionOf(text).matchAll(LIST))
    for (const place of list!.split(/\s*,\s*|\s+(?:and|or)\s+/)) if (!places.includes(place)) places.push(place);
  return places;
}
