import { describe, expect, it } from 'vitest';
import { pricingFor } from './pricing';

describe('a model’s prices', () => {
  it('come from the catalog, matched on the provider’s base URL and the model', () => {
    expect(pricingFor({ id: 'my-openai', baseUrl: 'https://api.openai.com/v1' }, 'gpt-4o')).toEqual({
      input: 2.5,
      output: 10,
      cachedInput: 1.25,
      contextWindow: 128_000,
      source: 'catalog',
    });
    expect(pricingFor({ id: 'claude', baseUrl: 'https://api.anthropic.com/v1' }, 'claude-sonnet-4-20250514')).toMatchObject({
      input: 3,
      output: 15,
      cachedInput: 0.3,
      cacheWrite: 3.75,
      source: 'catalog',
    });
  });

  it('or on a provider id that names a catalog provider', () => {
    expect(pricingFor({ id: 'openai', baseUrl: 'http://127.0.0.1:9/v1' }, 'gpt-4o-mini')).toMatchObject({
      input: 0.15,
      output: 0.6,
      source: 'catalog',
    });
  });

  it('are the providers file’s where it sets them, over the catalog', () => {
    const prices = { 'gpt-4o': { input: 1, output: 2, contextWindow: 64_000 } };
    expect(pricingFor({ id: 'gw', baseUrl: 'https://api.openai.com/v1', prices }, 'gpt-4o')).toEqual({
      input: 1,
      output: 2,
      contextWindow: 64_000,
      source: 'config',
    });
  });

  it('are unknown for a gateway or a model nobody priced: never guessed from the model name', () => {
    expect(pricingFor({ id: 'my-gateway', baseUrl: 'http://127.0.0.1:8080/v1' }, 'gpt-4o')).toBeUndefined();
    expect(pricingFor({ id: 'my-openai', baseUrl: 'https://api.openai.com/v1' }, 'no-such-model-7')).toBeUndefined();
  });
});
