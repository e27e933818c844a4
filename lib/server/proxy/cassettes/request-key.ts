import 'server-only';
/**
 * What a cassette matches a request by: its method, its path under the provider with
 * the query (credentials left out, parameters sorted), and its body as canonical JSON
 * (keys sorted, the cassette's ignored fields left out), so that two requests an SDK
 * builds from the same call match whatever order it wrote their keys in.
 */

/** Request fields a cassette ignores unless its file says otherwise: they change from run to run without changing the answer. */
export const DEFAULT_IGNORED = ['stream_options', 'user', 'metadata'];

/** The query parameters that carry a credential (Gemini's `?key=`): never part of a key, never in a cassette. */
const CREDENTIAL_PARAMS = new Set(['key', 'api_key', 'api-key']);

export interface RequestKey {
  method: string;
  /** The path under the provider and the sorted query, credentials left out. */
  path: string;
  /** The body as canonical JSON, or its text when it is not JSON (undefined: no body). */
  body?: unknown;
  /** All of it as one line: what is compared, and what a playback miss shows. */
  text: string;
}

/** `/chat/completions?b=2&a=1&key=…` as `/chat/completions?a=1&b=2`. */
export function keyPath(pathWithQuery: string): string {
  const at = pathWithQuery.indexOf('?');
  if (at === -1) return pathWithQuery;
  const params = [...new URLSearchParams(pathWithQuery.slice(at + 1))]
    .filter(([name]) => !CREDENTIAL_PARAMS.has(name.toLowerCase()))
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(params).toString();
  return `${pathWithQuery.slice(0, at)}${query ? `?${query}` : ''}`;
}

/** Keys sorted at every depth; arrays keep their order. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((name) => [name, canonical((value as Record<string, unknown>)[name])]),
    );
  return value;
}

/** Removes each ignored field: a top-level name (`user`) or a dotted path (`metadata.session`). */
function withoutIgnored(body: unknown, ignore: string[]): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy = structuredClone(body) as Record<string, unknown>;
  for (const field of ignore) {
    const parts = field.split('.');
    let parent: unknown = copy;
    for (const part of parts.slice(0, -1)) parent = (parent as Record<string, unknown> | undefined)?.[part];
    if (parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[parts.at(-1)!];
  }
  return copy;
}

function parsedBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function requestKey(method: string, pathWithQuery: string, bodyText: string, ignore: string[]): RequestKey {
  const path = keyPath(pathWithQuery);
  const body = canonical(withoutIgnored(parsedBody(bodyText), ignore));
  const shown = body === undefined ? '' : ` ${typeof body === 'string' ? body : JSON.stringify(body)}`;
  return {
    method: method.toUpperCase(),
    path,
    ...(body !== undefined ? { body } : {}),
    text: `${method.toUpperCase()} ${path}${shown}`,
  };
}

/** Where a recorded request's key and a sent one's part: a JSON path, and the two values there (undefined: absent). */
export interface KeyDifference {
  at: string;
  recorded: unknown;
  sent: unknown;
}

const MAX_DIFFERENCES = 20;

function differ(recorded: unknown, sent: unknown, at: string, out: KeyDifference[]): void {
  if (out.length >= MAX_DIFFERENCES) return;
  const bothObjects =
    recorded &&
    sent &&
    typeof recorded === 'object' &&
    typeof sent === 'object' &&
    Array.isArray(recorded) === Array.isArray(sent);
  if (!bothObjects) {
    if (JSON.stringify(recorded) !== JSON.stringify(sent)) out.push({ at, recorded, sent });
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(sent)) {
    for (let i = 0; i < Math.max(recorded.length, sent.length); i++) differ(recorded[i], sent[i], `${at}[${i}]`, out);
    return;
  }
  const a = recorded as Record<string, unknown>;
  const b = sent as Record<string, unknown>;
  for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort())
    differ(a[name], b[name], /^[A-Za-z_$][\w$]*$/.test(name) ? `${at}.${name}` : `${at}[${JSON.stringify(name)}]`, out);
}

/** The differences between a recorded key and a sent one, the method and path first (up to 20). */
export function keyDifferences(recorded: RequestKey, sent: RequestKey): KeyDifference[] {
  const out: KeyDifference[] = [];
  if (recorded.method !== sent.method) out.push({ at: 'method', recorded: recorded.method, sent: sent.method });
  if (recorded.path !== sent.path) out.push({ at: 'path', recorded: recorded.path, sent: sent.path });
  differ(recorded.body, sent.body, '$', out);
  return out;
}

/**
 * The recorded key nearest a sent one: the same method and path before any other, then
 * the fewest differing fields; the first recorded wins a tie. Undefined for an empty cassette.
 */
export function closestKey<T extends { key: RequestKey }>(
  sent: RequestKey,
  recorded: T[],
): { entry: T; differences: KeyDifference[] } | undefined {
  let best: { entry: T; differences: KeyDifference[]; score: number } | undefined;
  for (const entry of recorded) {
    const differences = keyDifferences(entry.key, sent);
    const sameRoute = entry.key.method === sent.method && entry.key.path === sent.path;
    const score = (sameRoute ? 0 : 1000) + differences.length;
    if (!best || score < best.score) best = { entry, differences, score };
  }
  return best && { entry: best.entry, differences: best.differences };
}

/** A cassette's recorded exchanges, as matching reads them: its file, its version (a changed file starts over) and its entries. */
export interface Recorded<E extends { key: RequestKey }> {
  file: string;
  version: string;
  entries: E[];
}

/**
 * Where each cassette is in its playback: per request key, how many of its recordings
 * have played. Several identical requests play back in recorded order; past the last,
 * from the first again (a test suite run twice against one server). A changed file
 * starts over.
 */
const positions = new Map<string, { version: string; played: Map<string, number> }>();

export function nextMatch<E extends { key: RequestKey }>(cassette: Recorded<E>, key: RequestKey): E | undefined {
  const matches = cassette.entries.filter((e) => e.key.text === key.text);
  if (!matches.length) return undefined;
  let position = positions.get(cassette.file);
  if (position?.version !== cassette.version)
    positions.set(cassette.file, (position = { version: cassette.version, played: new Map() }));
  const played = position.played.get(key.text) ?? 0;
  position.played.set(key.text, played + 1);
  return matches[played % matches.length];
}
