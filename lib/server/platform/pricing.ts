import 'server-only';
import { calcPrice, findProvider, type ModelPrice } from '@pydantic/genai-prices';
import type { ModelPricing } from '@/lib/pricing/cost';
import type { Provider } from '@/lib/providers/types';

/**
 * A model's prices and context window: the providers file's `prices` for it when set,
 * else @pydantic/genai-prices' bundled catalog (offline), matched on the provider (by its
 * base URL, else by its id naming a catalog provider) and the model. Undefined when
 * neither knows it: a gateway or a private model gets "no price", never a guess from a
 * model name alone.
 */
export function pricingFor(provider: Pick<Provider, 'id' | 'baseUrl' | 'prices'>, model: string): ModelPricing | undefined {
  const own = provider.prices?.[model];
  if (own) return { ...own, source: 'config' };
  const catalogProvider = findProvider({ providerApiUrl: provider.baseUrl }) ?? findProvider({ providerId: provider.id });
  if (!catalogProvider) return undefined;
  const found = calcPrice({ input_tokens: 0, output_tokens: 0 }, model, { providerId: catalogProvider.id });
  if (!found) return undefined;
  const input = perMillion(found.model_price, 'input_mtok');
  const output = perMillion(found.model_price, 'output_mtok');
  if (input === undefined || output === undefined) return undefined;
  return {
    input,
    output,
    ...optional('cachedInput', perMillion(found.model_price, 'cache_read_mtok')),
    ...optional('cacheWrite', perMillion(found.model_price, 'cache_write_mtok')),
    ...optional('cacheWrite1h', perMillion(found.model_price, 'cache_write_1h_mtok')),
    ...optional('contextWindow', found.model.context_window),
    source: 'catalog',
  };
}

/** A price per million tokens; a tiered one (more past some input size, as Gemini's) at its base tier. */
function perMillion(price: ModelPrice, key: string): number | undefined {
  const value = price[key];
  if (typeof value === 'number') return value;
  return value && typeof value.base === 'number' ? value.base : undefined;
}

const optional = <K extends string>(key: K, value: number | undefined) =>
  value === undefined ? {} : ({ [key]: value } as Record<K, number>);
