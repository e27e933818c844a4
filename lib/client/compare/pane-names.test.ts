import { describe, expect, it } from 'vitest';
import { paneNames } from './pane-names';

describe('pane names', () => {
  it('name each pane by its provider and model', () => {
    expect(
      paneNames([
        { provider: 'sim-openai', model: 'sim-markdown' },
        { provider: 'sim-gemini', model: 'sim-markdown' },
      ]),
    ).toEqual(['sim-openai · sim-markdown', 'sim-gemini · sim-markdown']);
  });

  it('number the panes on the same model, so each name is one pane', () => {
    expect(
      paneNames([
        { provider: 'sim-openai', model: 'sim-echo' },
        { provider: 'sim-gemini', model: 'sim-echo' },
        { provider: 'sim-openai', model: 'sim-echo' },
      ]),
    ).toEqual(['sim-openai · sim-echo (1)', 'sim-gemini · sim-echo', 'sim-openai · sim-echo (2)']);
  });

  it('say when a pane has no model yet', () => {
    expect(paneNames([{}, { provider: 'sim-openai' }])).toEqual(['no model chosen (1)', 'no model chosen (2)']);
  });

  it('call a blind pane by its label until the vote, then by both', () => {
    expect(
      paneNames([
        { provider: 'blind', model: 'A' },
        { provider: 'blind', model: 'B' },
      ]),
    ).toEqual(['A', 'B']);
    expect(
      paneNames(
        [
          { provider: 'sim-openai', model: 'sim-echo' },
          { provider: 'sim-gemini', model: 'sim-echo' },
        ],
        ['A', 'B'],
      ),
    ).toEqual(['A: sim-openai · sim-echo', 'B: sim-gemini · sim-echo']);
  });
});
