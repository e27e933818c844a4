import { describe, expect, it } from 'vitest';
import { verdictText, votePrompt } from './vote-words';

describe('vote words', () => {
  it('asks of two which is better, of more which is best, as the buttons answer', () => {
    expect(votePrompt(2, true)).toBe('Which reply is better? The vote reveals the models.');
    expect(verdictText({ kind: 'best', label: 'A' }, 2)).toBe('A is better');
    expect(votePrompt(4, true)).toBe('Which reply is best? The vote reveals the models.');
    expect(verdictText({ kind: 'best', label: 'C' }, 4)).toBe('C is best');
    expect(verdictText({ kind: 'both-bad' }, 4)).toBe('All bad');
    expect(votePrompt(4, false)).toBe('Vote once every reply has ended.');
  });
});
