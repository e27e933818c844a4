import 'server-only';

/**
 * PostgreSQL stores no NUL character, in text or in jsonb (`\u0000` is "unsupported"),
 * and an upstream can send one. What is stored has each NUL as U+FFFD, the character
 * that stands for what could not be kept; everything else is unchanged.
 */
const NUL_ESCAPE = /(?<!\\)((?:\\\\)*)\\u0000/g;

/** JSON text for a jsonb column: a `\u0000` escape (not an escaped backslash before "u0000") becomes `\ufffd`. */
export function storableJson(value: unknown): string {
  const json = JSON.stringify(value);
  return json.includes('\\u0000') ? json.replace(NUL_ESCAPE, '$1\\ufffd') : json;
}

/** Text for a text column. */
export function storableText(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\ufffd') : text;
}
