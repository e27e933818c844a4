import { describe, expect, it } from 'vitest';
import { raceVerdict } from './race-verdict';

describe('the race in a line', () => {
  const names = ['A', 'B', 'C'];

  it('names the best of each figure, as the bars mark them', () => {
    expect(
      raceVerdict(names, [
        [100, 50, 2],
        [300, 90, 1],
        [400, 20, 3],
      ]),
    ).toBe('fastest first token: A; fastest: B; cheapest: B');
  });

  it('says a tie within the noise, and leaves out what has no price or is held back until the vote', () => {
    expect(
      raceVerdict(names, [
        [100, 50, -2],
        [105, 51, -2],
        [400, 20, -2],
      ]),
    ).toBe('fastest first token: A and B (tie); fastest: A and B (tie)');
    expect(
      raceVerdict(names.slice(0, 2), [
        [100, 50, 1],
        [101, 50.5, -1],
      ]),
    ).toBe('fastest first token: a tie; fastest: a tie');
  });

  it('is empty before there is anything to compare', () => {
    expect(raceVerdict(names, [[], [], []])).toBe('');
  });
});
