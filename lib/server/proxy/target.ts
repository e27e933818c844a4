import 'server-only';
import type { Provider } from '@/lib/providers/types';
import type { ProtocolId } from '@/lib/protocols/ids';
import { RUN_PATH_SEGMENT } from '@/lib/api/runs';

/** Where the recording proxy is mounted: `/proxy/{providerId}` stands in for that provider's baseUrl. */
export const PROXY_MOUNT = '/proxy/';

/** A request under the proxy, resolved to its upstream. */
export interface ProxyTarget {
  provider: Provider;
  /** The path under the provider (`/chat/completions`), as the capture names it. */
  path: string;
  /** The upstream URL: baseUrl + path + the query, as the app sent them. */
  url: string;
  /** The run its base URL named (`/proxy/{id}/~run/{name}/…`), if it named one. */
  run?: string;
}

/** Not a request the proxy takes: no provider of that id, not a proxy path at all, or a path it refuses (why, in words). */
export type ProxyMiss = { unknown: string } | { malformed: true } | { refused: string };

/** A version segment (`/v1`, `/v1beta`): SDKs add their own to the base URL they are given. */
const VERSION = /^v\d+(?:(?:alpha|beta)\d*)?$/;

/** First segments of paths that an SDK builds from a base URL without its version: Claude Code's `/api/hello`, Google's `/upload/v1beta/files`. */
const UNVERSIONED_ROOTS = new Set(['api', 'upload']);

/**
 * What a path under the provider may not hold, and why: what could take a request, with
 * the provider's key and configured headers, out of the baseUrl's root, once the upstream
 * URL is parsed (dot segments are resolved after the join, `%2e` as `.`, a backslash as `/`) or
 * once an upstream or a gateway decodes it. No SDK sends any of them.
 */
const REFUSED: [RegExp, string][] = [
  [/%(?:2f|5c)/i, 'an encoded slash or backslash (%2F, %5C), which an upstream may decode into a separator'],
  [/%25(?:2e|2f|5c)/i, 'a doubly encoded dot, slash or backslash (%252E, %252F, %255C)'],
  [/%0[0ad]|[\0\t\n\r]/i, 'a control character (CR, LF, NUL or tab), raw or percent-encoded'],
  [/\\/, 'a backslash, which URL parsers read as a slash'],
  [/#/, 'a raw #, which would cut the path short'],
  [/\/\//, 'an empty segment (//), which an upstream may read as another host (a base URL ending in / makes one)'],
  // Last: the one alternative that is more than a literal (the cheap ones first keep the test at ~50 ns).
  [
    /(?:^|\/)(?:\.|%2e){1,2}(?:;[^/]*)?(?:\/|$)/i,
    'a dot segment (. or .., plain or percent-encoded), which would be resolved against the base URL',
  ],
];
/** All of them in one pattern, compiled once: the one test a path takes on the hot path. */
const REFUSABLE = new RegExp(REFUSED.map(([pattern]) => pattern.source).join('|'), 'i');

/** A baseUrl split once, not per request: itself, its root (less a version segment ending it), and that version. */
interface Base {
  url: string;
  root: string;
  version?: string;
}

const bases = new Map<string, Base>();

function baseOf(baseUrl: string): Base {
  let base = bases.get(baseUrl);
  if (base) return base;
  const url = baseUrl.replace(/\/+$/, '');
  const last = new URL(url).pathname.split('/').filter(Boolean).at(-1);
  const version = last && VERSION.test(last) && url.endsWith(`/${last}`) ? last : undefined;
  base = { url, root: version ? url.slice(0, -version.length - 1) : url, ...(version ? { version } : {}) };
  bases.set(baseUrl, base);
  return base;
}

/**
 * Resolves `/proxy/{providerId}/rest?query` to its upstream URL, as the app's SDK would
 * have built it from the provider's real base URL (docs/contract.md: "How a path under
 * /proxy/{id}/ becomes the upstream URL"). The SDKs disagree on where the API version
 * goes: OpenAI's take a base URL ending in `/v1` and add `/chat/completions`, Anthropic's
 * and Google's take one without and add `/v1/messages` or `/v1beta/models/…`, Claude Code
 * also `/api/hello`. So a path whose first segment is a version (`/v1/messages`) or an
 * unversioned root (`/api/hello`) goes under the baseUrl's root, the baseUrl less the
 * version segment it ends with; any other (`/chat/completions`, `/messages`) under the
 * baseUrl itself. `/proxy/claude/v1/messages` and `/proxy/claude/messages` both reach `…/v1/messages`.
 * A path that could leave the root (a dot segment, an encoded slash, …: `REFUSED`) is refused.
 */
export function proxyTarget(rawUrl: string, providers: Provider[]): ProxyTarget | ProxyMiss {
  if (!rawUrl.startsWith(PROXY_MOUNT)) return { malformed: true };
  const queryAt = rawUrl.indexOf('?');
  const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = queryAt === -1 ? '' : rawUrl.slice(queryAt);
  const afterMount = pathname.slice(PROXY_MOUNT.length);
  const slash = afterMount.indexOf('/');
  let id: string;
  try {
    id = decodeURIComponent(slash === -1 ? afterMount : afterMount.slice(0, slash));
  } catch {
    return { malformed: true };
  }
  const provider = providers.find((p) => p.id === id);
  if (!provider) return { unknown: id };
  let path = slash === -1 ? '' : afterMount.slice(slash);
  const named = runOfPath(path);
  if (named) path = named.rest;
  if (named?.run === '') return { refused: 'an empty run name (/~run//)' };
  if (REFUSABLE.test(path)) return { refused: REFUSED.find(([pattern]) => pattern.test(path))![1] };
  const base = baseOf(provider.baseUrl);
  const end = path.indexOf('/', 1);
  const first = path.slice(1, end === -1 ? undefined : end);
  if (VERSION.test(first) || UNVERSIONED_ROOTS.has(first)) {
    // The capture names the path under the baseUrl: without its version when the path has the same one.
    const under = first === base.version ? path.slice(first.length + 1) || '/' : path;
    return { provider, path: under, url: `${base.root}${path}${query}`, ...(named ? { run: named.run } : {}) };
  }
  return { provider, path: path || '/', url: `${base.url}${path}${query}`, ...(named ? { run: named.run } : {}) };
}

const RUN_PREFIX = `/${RUN_PATH_SEGMENT}/`;

/**
 * A run named in the base URL: `/~run/{name}` leading the path under the provider. A
 * header is the other way (`x-sluice-run`), but an agent's base URL is often all that can
 * be set, and a query string on a base URL breaks how SDKs join paths.
 */
function runOfPath(path: string): { run: string; rest: string } | undefined {
  if (!path.startsWith(RUN_PREFIX)) return undefined;
  const end = path.indexOf('/', RUN_PREFIX.length);
  const segment = path.slice(RUN_PREFIX.length, end === -1 ? undefined : end);
  let run: string;
  try {
    run = decodeURIComponent(segment);
  } catch {
    run = segment;
  }
  return { run, rest: end === -1 ? '' : path.slice(end) };
}

/** The protocol whose decoder reads this path's answer, when it is a known generation endpoint. */
export function protocolOfPath(path: string, provider: Pick<Provider, 'protocol' | 'path'>): ProtocolId | undefined {
  if (/\/chat\/completions\/?$/.test(path)) return 'openai-chat';
  if (/\/responses\/?$/.test(path)) return 'openai-responses';
  if (/\/messages\/?$/.test(path)) return 'anthropic-messages';
  if (/:(?:stream)?[gG]enerateContent$/.test(path)) return 'gemini';
  // A gateway's own path for its provider's protocol (a provider's configured `path`).
  return provider.path && path === provider.path ? provider.protocol : undefined;
}

/** The model a request names: its JSON body's `model`, or Gemini's `/models/{model}:…` path. */
export function modelOf(path: string, body: string): string | undefined {
  const gemini = /\/models\/([^/:]+):/.exec(path);
  if (gemini) return decodeURIComponent(gemini[1]!);
  const at = body.indexOf('"model"');
  if (at === -1) return undefined;
  try {
    const parsed = JSON.parse(body) as { model?: unknown };
    return typeof parsed.model === 'string' ? parsed.model.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}
