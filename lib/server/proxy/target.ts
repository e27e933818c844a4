import 'server-only';
import type { Provider } from '@/lib/providers/types';
import type { ProtocolId } from '@/lib/protocols/ids';

/** Where the recording proxy is mounted: `/proxy/{providerId}` stands in for that provider's baseUrl. */
export const PROXY_MOUNT = '/proxy/';

/** A request under the proxy, resolved to its upstream. */
export interface ProxyTarget {
  provider: Provider;
  /** The path under the provider (`/chat/completions`), as the capture names it. */
  path: string;
  /** The upstream URL: baseUrl + path + the query, as the app sent them. */
  url: string;
}

export type ProxyMiss = { unknown: string } | { malformed: true };

/** A version segment ending a baseUrl (`/v1`, `/v1beta`): SDKs add their own to the base URL they are given. */
const VERSION = /^v\d+(?:(?:alpha|beta)\d*)?$/;

const versions = new Map<string, string | undefined>();

/** The version segment a baseUrl ends with, if any; worked out once per baseUrl, not per request. */
function versionOf(baseUrl: string): string | undefined {
  if (versions.has(baseUrl)) return versions.get(baseUrl);
  const last = new URL(baseUrl).pathname.split('/').filter(Boolean).at(-1);
  const version = last && VERSION.test(last) ? last : undefined;
  versions.set(baseUrl, version);
  return version;
}

/**
 * Resolves `/proxy/{providerId}/rest?query` to `baseUrl/rest?query`. The official SDKs
 * disagree on where the API version goes: OpenAI's takes a base URL ending in `/v1`,
 * Anthropic's and Google's add `/v1/messages` or `/v1beta/models/…` themselves. So a path
 * that starts with the version segment the baseUrl already ends with does not repeat it:
 * `/proxy/claude/v1/messages` and `/proxy/claude/messages` both reach `…/v1/messages`.
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
  const version = versionOf(provider.baseUrl);
  if (version && (path === `/${version}` || path.startsWith(`/${version}/`))) path = path.slice(version.length + 1);
  return { provider, path: path || '/', url: `${provider.baseUrl}${path}${query}` };
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
