import { describe, expect, it } from 'vitest';
import { placesIn } from './prompt-words';

describe('placesIn: the places a prompt names', () => {
  it('takes every place of a list, after "in"/"for" or with none before it', () => {
    expect(placesIn('weather in Paris and Tokyo')).toEqual(['Paris', 'Tokyo']);
    expect(placesIn('Paris and London')).toEqual(['Paris', 'London']);
    expect(placesIn('Paris or Tokyo: which is warmer? tps=500')).toEqual(['Paris', 'Tokyo']);
    expect(placesIn('Compare Paris and Tokyo')).toEqual(['Paris', 'Tokyo']);
    expect(placesIn('I want the weather in Paris and also Tokyo')).toEqual(['Paris', 'Tokyo']);
    expect(placesIn('weather for Paris, then Tokyo')).toEqual(['Paris', 'Tokyo']);
    expect(placesIn('Weather in São Paulo, Zürich and Rio de Janeiro')).toEqual(['São Paulo', 'Zürich', 'Rio de Janeiro']);
  });

  it('does not take a sentence’s first word, nor "I", for a place', () => {
    expect(placesIn('What is the weather in Paris?')).toEqual(['Paris']);
    expect(placesIn('Is it raining in Paris? And in Tokyo?')).toEqual(['Paris', 'Tokyo']);
    expect(placesIn('Who wrote Dune?')).toEqual([]);
    expect(placesIn('Paris and I')).toEqual([]);
  });
});
