import 'server-only';

/**
 * What PostgreSQL (and PGlite) cannot hold as a character, an upstream can send: a NUL
 * (`\u0000` in JSON, which jsonb refuses; 0x00 in text, which text refuses) and a lone
 * surrogate (half an emoji, which models and gateways send when they cut one: JSON writes
 * it `\ud83e`, which json and jsonb refuse, and UTF-8 has no bytes for it). What is stored
 * has each as U+FFFD, the character that stands for what could not be kept; everything
 * else is unchanged. The exact bytes stay in the event log, stored as bytes
 * (docs/decisions.md: "What the database cannot hold, stored as U+FFFD").
 */
const REFUSED_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/g;
const REFUSED_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * JSON text for a json or jsonb column. JSON.stringify writes a NUL and a lone surrogate
 * as escapes (a surrogate pair as itself): each such escape, not an escaped backslash
 * before "u0000", becomes `\ufffd`.
 */
export function storableJson(value: unknown): string {
  const json = JSON.stringify(value);
  return json.includes('\\u') ? json.replace(REFUSED_ESCAPE, '$1\\ufffd') : json;
}

/** Text for a text column, as it is stored and read back. */
export function storableText(text: string): string {
  return text.replace(REFUSED_CHARACTER, '\ufffd');
}
