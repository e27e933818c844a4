import { describe, expect, it } from 'vitest';
import type { PublicProvider } from '@/lib/api/providers';
import { groupByModels } from './model-groups';

const provider = (id: string, name: string, models: string[], modelsError?: string): PublicProvider => ({
  id,
  name,
  protocol: 'openai-chat',
  builtin: false,
  hasKey: true,
  models: models.map((m) => ({ id: m, description: `${m} of ${id}` })),
  ...(modelsError ? { modelsError } : {}),
});

describe('groupByModels', () => {
  it('shows providers offering the same models once, under the name they share', () => {
    const groups = groupByModels([
      provider('sim-a', 'Simulator · OpenAI Chat', ['x', 'y']),
      provider('real', 'OpenAI', ['gpt']),
      provider('sim-b', 'Simulator · Gemini', ['x', 'y']),
    ]);
    expect(groups.map((g) => [g.title, g.providers.map((p) => p.label), g.models.map((m) => m.id)])).toEqual([
      ['Simulator', ['OpenAI Chat', 'Gemini'], ['x', 'y']],
      ['OpenAI', ['OpenAI'], ['gpt']],
    ]);
    // The first provider's descriptions.
    expect(groups[0]!.models[0]!.description).toBe('x of sim-a');
  });

  it('names every provider when they share models but not a name', () => {
    const [group] = groupByModels([provider('a', 'Acme', ['m']), provider('b', 'Gateway · Acme', ['m'])]);
    expect([group!.title, group!.providers.map((p) => p.label)]).toEqual(['Acme, Gateway · Acme', ['Acme', 'Gateway · Acme']]);
  });

  it('keeps a provider without models, or whose listing failed, on its own', () => {
    const groups = groupByModels([
      provider('a', 'Team · A', [], 'HTTP 401 listing models'),
      provider('b', 'Team · B', [], 'HTTP 401 listing models'),
      provider('c', 'Team · C', []),
    ]);
    expect(groups.map((g) => [g.title, g.error])).toEqual([
      ['Team · A', 'HTTP 401 listing models'],
      ['Team · B', 'HTTP 401 listing models'],
      ['Team · C', undefined],
    ]);
  });
});
