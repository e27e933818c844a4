import { describe, expect, it } from 'vitest';
import type { PublicProvider } from '@/lib/api/providers';
import { optionGroups, stepActive } from './model-options';

const providers: PublicProvider[] = [
  { id: 'a', name: 'A', models: [{ id: 'x' }, { id: 'y' }] },
  { id: 'none', name: 'Nothing', models: [] },
  { id: 'b', name: 'B', models: [{ id: 'z', name: 'Zed' }] },
].map((p) => ({ ...p, builtin: true, hasKey: false }));

describe('the model picker’s options', () => {
  const groups = optionGroups(providers);
  const options = groups.flatMap((g) => g.options);

  it('are grouped by provider, keyed provider::model, a provider without models no group', () => {
    expect(groups.map((g) => g.provider.id)).toEqual(['a', 'b']);
    expect(options.map((o) => o.key)).toEqual(['a::x', 'a::y', 'b::z']);
  });

  it('are walked by the arrows, across groups, round past either end', () => {
    expect(stepActive(options, undefined, 'next')).toBe('a::x');
    expect(stepActive(options, undefined, 'previous')).toBe('b::z');
    expect(stepActive(options, 'a::y', 'next')).toBe('b::z');
    expect(stepActive(options, 'b::z', 'next')).toBe('a::x');
    expect(stepActive(options, 'a::x', 'previous')).toBe('b::z');
    expect(stepActive(options, 'a::y', 'first')).toBe('a::x');
    expect(stepActive(options, 'a::x', 'last')).toBe('b::z');
    // An active key no longer listed (the list was narrowed) starts again from an end.
    expect(stepActive(options, 'gone::m', 'next')).toBe('a::x');
    expect(stepActive([], 'a::x', 'next')).toBeUndefined();
  });
});
