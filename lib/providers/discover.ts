import 'server-only';
import { protocolModule } from '@/lib/protocols/registry';
import { keyHeadersOf } from '@/lib/protocols/request-types';
import type { ModelInfo, PublicProvider } from '@/lib/api/providers';
import type { Provider } from './types';

const DISCOVERY_TIMEOUT_MS = 5000;
const CACHE_MS = 5 * 60_000;
const cache = new Map<string, { at: number; models: ModelInfo[] }>();

/** Asks the upstream for its model list (`GET {baseUrl}/models`). */
export async function discoverModels(provider: Provider): Promise<ModelInfo[]> {
  const hit = cache.get(provider.id);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.models;
  const response = await fetch(`${provider.baseUrl}/models`, {
    headers: { ...provider.headers, ...keyHeadersOf(protocolModule(provider.protocol).key, provider.apiKey) },
    signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`GET ${provider.baseUrl}/models answered HTTP ${response.status}`);
  const models = protocolModule(provider.protocol).parseModelList(await response.json());
  cache.set(provider.id, { at: Date.now(), models });
  return models;
}

export async function toPublic(provider: Provider): Promise<PublicProvider> {
  const base = {
    id: provider.id,
    name: provider.name,
    protocol: provider.protocol,
    builtin: provider.builtin,
    hasKey: provider.apiKey !== undefined,
  };
  if (provider.models) return { ...base, models: provider.models };
  try {
    return { ...base, models: await discoverModels(provider) };
  } catch (error) {
    const reason = describeFetchError(error);
    return { ...base, models: [], modelsError: `Model discovery failed: ${reason}` };
  }
}

/** "fetch failed" says nothing; its cause (ECONNREFUSED, ENOTFOUND …) says what happened. */
export function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'timed out';
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message;
  return detail ? `${error.message} (${detail})` : error.message;
}
