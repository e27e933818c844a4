/**
 * Comparing two JSON texts as values (a tool call's arguments), so that key order and
 * whitespace, which the model chose freely, do not count as a difference.
 */

/** The value of a text that is JSON, boxed (null is a value); undefined when it is not JSON. */
export function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A parsed JSON value as text with every object's keys sorted: two values are equal when these are. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Where two JSON values first differ, and what each has there (null: no such key or index). */
export interface JsonDifference {
  path: (string | number)[];
  a: { value: unknown } | null;
  b: { value: unknown } | null;
}

/**
 * The first place two parsed JSON values differ, depth first in A's key order (then the
 * keys only B has), or null when they are equal. Arrays are compared index by index.
 */
export function firstJsonDifference(a: unknown, b: unknown, path: (string | number)[] = []): JsonDifference | null {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i >= a.length) return { path: [...path, i], a: null, b: { value: b[i] } };
      if (i >= b.length) return { path: [...path, i], a: { value: a[i] }, b: null };
      const found = firstJsonDifference(a[i], b[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a)) {
      if (!Object.hasOwn(b, key)) return { path: [...path, key], a: { value: a[key] }, b: null };
      const found = firstJsonDifference(a[key], b[key], [...path, key]);
      if (found) return found;
    }
    for (const key of Object.keys(b)) {
      if (!Object.hasOwn(a, key)) return { path: [...path, key], a: null, b: { value: b[key] } };
    }
    return null;
  }
  return canonicalJson(a) === canonicalJson(b) ? null : { path, a: { value: a }, b: { value: b } };
}

/** A path as code would write it: `city`, `stops[2].name`, `headers["content-type"]`. */
export function formatJsonPath(path: (string | number)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}
