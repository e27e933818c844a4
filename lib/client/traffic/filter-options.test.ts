import { describe, expect, it } from 'vitest';
import type { CaptureSummary } from '@/lib/api/captures';
import { filterOptions } from './filter-options';

const seen = (provider: string, model?: string) =>
  ({ id: `${provider}-${model}`, provider, model, method: 'POST', path: '/x', status: 'complete' }) as CaptureSummary;

describe('the Traffic filters’ options', () => {
  const facets = [
    { provider: 'sim-openai', model: 'sim-echo' },
    { provider: 'sim-anthropic', model: 'sim-markdown' },
    { provider: 'sim-openai' },
  ];

  it('are the providers and models that occur in captures, each once, sorted', () => {
    expect(filterOptions(facets, [seen('sim-openai', 'sim-echo'), seen('sim-gemini', 'sim-tools')], {})).toEqual({
      providers: ['sim-anthropic', 'sim-gemini', 'sim-openai'],
      models: ['sim-echo', 'sim-markdown', 'sim-tools'],
    });
  });

  it('offer the chosen provider’s models only', () => {
    expect(filterOptions(facets, [], { provider: 'sim-anthropic' }).models).toEqual(['sim-markdown']);
  });

  it('keep a value from the address that no capture has, so the filter shows what it filters on', () => {
    expect(filterOptions([], [], { provider: 'gone', model: 'old-model' })).toEqual({
      providers: ['gone'],
      models: ['old-model'],
    });
  });

  it('never offer what no capture has: nothing before the first capture', () => {
    expect(filterOptions([], [], {})).toEqual({ providers: [], models: [] });
  });
});
