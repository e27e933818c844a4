import { describe, expect, it } from 'vitest';
import type { PublicProvider } from '@/lib/api/providers';
import { filterModels } from './model-filter';

const providers: PublicProvider[] = [
  {
    id: 'sim-openai',
    name: 'Simulator · OpenAI Chat',
    models: [{ id: 'sim-echo', description: 'Repeats your last message' }, { id: 'sim-thinking' }],
  },
  {
    id: 'sim-gemini',
    name: 'Simulator · Gemini',
    models: [{ id: 'sim-echo' }, { id: 'sim-thinking', description: 'Thinks first' }],
  },
  { id: 'empty', name: 'Nothing here', models: [] },
].map((p) => ({ ...p, protocol: 'openai-chat', builtin: true, hasKey: false }));

describe('filterModels', () => {
  const ids = (shown: PublicProvider[]) => shown.flatMap((p) => p.models.map((m) => `${p.id}/${m.id}`));

  it('keeps every model for an empty query', () => {
    expect(filterModels(providers, '  ')).toBe(providers);
  });

  it('matches every word against the model, its description and its provider', () => {
    expect(ids(filterModels(providers, 'echo'))).toEqual(['sim-openai/sim-echo', 'sim-gemini/sim-echo']);
    expect(ids(filterModels(providers, 'GEMINI think'))).toEqual(['sim-gemini/sim-thinking']);
    expect(ids(filterModels(providers, 'repeats'))).toEqual(['sim-openai/sim-echo']);
    expect(filterModels(providers, 'nothing matches this')).toEqual([]);
  });

  it('always keeps the model chosen', () => {
    expect(ids(filterModels(providers, 'repeats', { provider: 'sim-gemini', model: 'sim-thinking' }))).toEqual([
      'sim-openai/sim-echo',
      'sim-gemini/sim-thinking',
    ]);
  });
});
