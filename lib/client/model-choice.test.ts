import { describe, expect, it } from 'vitest';
import type { PublicProvider } from '@/lib/api/providers';
import { choiceKey, defaultChoice, offering, parseChoice, rememberChoice, rememberedChoice } from './model-choice';

const provider = (id: string, name: string, models: { id: string; description?: string }[]): PublicProvider => ({
  id,
  name,
  protocol: 'openai-chat',
  builtin: true,
  hasKey: false,
  models,
});
const providers = [
  provider('sim-openai', 'Simulator · OpenAI Chat', [
    { id: 'sim-echo', description: 'Repeats your last message' },
    { id: 'sim-thinking' },
  ]),
  provider('sim-gemini', 'Simulator · Gemini', [{ id: 'sim-echo' }, { id: 'sim-thinking', description: 'Thinks first' }]),
  provider('empty', 'Nothing here', []),
];

/** A Storage of one Map, as localStorage behaves. */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('the model picked last', () => {
  it('is remembered and given back while it is still offered', () => {
    const storage = memoryStorage();
    expect(rememberedChoice(providers, storage)).toBeUndefined();
    rememberChoice({ provider: 'sim-gemini', model: 'sim-thinking' }, storage);
    expect(rememberedChoice(providers, storage)).toEqual({ provider: 'sim-gemini', model: 'sim-thinking' });
    expect(defaultChoice(providers, storage)).toEqual({ provider: 'sim-gemini', model: 'sim-thinking' });
    // Gone from the providers file: the first model offered instead.
    expect(rememberedChoice(providers.slice(0, 1), storage)).toBeUndefined();
    expect(defaultChoice(providers.slice(0, 1), storage)).toEqual({ provider: 'sim-openai', model: 'sim-echo' });
  });

  it('never throws: storage missing, refusing, or holding something else', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => rememberChoice({ provider: 'a', model: 'b' }, refusing)).not.toThrow();
    expect(rememberedChoice(providers, refusing)).toBeUndefined();
    expect(defaultChoice(providers, undefined)).toEqual({ provider: 'sim-openai', model: 'sim-echo' });
    const odd = memoryStorage();
    odd.setItem('sluice-model', 'no separator');
    expect(rememberedChoice(providers, odd)).toBeUndefined();
    expect(defaultChoice([], odd)).toBeUndefined();
  });

  it('keys a choice as provider::model, a model id with the separator kept whole', () => {
    expect(choiceKey({ provider: 'p', model: 'org::model' })).toBe('p::org::model');
    expect(parseChoice('p::org::model')).toEqual({ provider: 'p', model: 'org::model' });
    expect(parseChoice('::model')).toBeUndefined();
  });
});

describe('the models offered with the one chosen', () => {
  it('lists a chosen model the providers do not name, under its provider, so the picker shows it', () => {
    expect(offering(providers, { provider: 'sim-openai', model: 'sim-echo' })).toEqual(providers);
    expect(offering(providers, { provider: 'gone', model: 'm' }).at(-1)).toMatchObject({ id: 'gone', models: [{ id: 'm' }] });
    expect(offering(providers, { provider: 'sim-openai', model: 'new' })[0]!.models.map((m) => m.id)).toEqual([
      'sim-echo',
      'sim-thinking',
      'new',
    ]);
  });

  const withReplay = [...providers, { ...provider('replay', 'Replay', [{ id: 'r1' }, { id: 'r2' }]), protocol: undefined }];

  it('offers no recordings as models: no Replay group growing with every reply', () => {
    expect(offering(withReplay, { provider: 'sim-openai', model: 'sim-echo' }).map((p) => p.id)).toEqual([
      'sim-openai',
      'sim-gemini',
      'empty',
    ]);
    expect(offering(withReplay, undefined).some((p) => p.id === 'replay')).toBe(false);
  });

  it('shows a replay chosen as its recording’s model under its recording’s provider, never by its id', () => {
    const shown = offering(withReplay, {
      provider: 'replay',
      model: '01a21ec9-0000-7000-8000-000000000000',
      replayOf: { provider: 'sim-openai', model: 'sim-echo' },
    });
    expect(shown.at(-1)).toMatchObject({
      id: 'replay',
      name: 'Simulator · OpenAI Chat (replay)',
      models: [{ id: '01a21ec9-0000-7000-8000-000000000000', name: 'sim-echo' }],
    });
    expect(shown.filter((p) => p.id === 'replay')).toHaveLength(1);
    // A reply stored before replays said what they re-run: named for what it is.
    expect(offering(withReplay, { provider: 'replay', model: 'r9' }).at(-1)).toMatchObject({
      name: 'Replay',
      models: [{ id: 'r9', name: 'This chat’s recording' }],
    });
  });

  it('does not remember a recording replayed as the next chat’s model', () => {
    const storage = memoryStorage();
    rememberChoice({ provider: 'sim-openai', model: 'sim-echo' }, storage);
    rememberChoice({ provider: 'replay', model: 'r1' }, storage);
    expect(rememberedChoice(providers, storage)).toEqual({ provider: 'sim-openai', model: 'sim-echo' });
  });
});
