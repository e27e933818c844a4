import { describe, expect, it } from 'vitest';
import { COST_NOISE, RATE_NOISE, TIME_NOISE, raceWinners } from './ties';

describe('the race’s winners', () => {
  it('names one winner when it is ahead by more than 5 % and more than 20 ms', () => {
    expect(raceWinners([300, 200, 250], 'low', TIME_NOISE)).toEqual({ kind: 'winner', best: [1] });
    expect(raceWinners([40, 50, 43], 'high', RATE_NOISE)).toEqual({ kind: 'winner', best: [1] });
  });

  it('calls a first token within 20 ms a tie, even when that is more than 5 %', () => {
    expect(raceWinners([100, 118, 400], 'low', TIME_NOISE)).toEqual({ kind: 'tie', best: [0, 1] });
    expect(raceWinners([100, 121, 400], 'low', TIME_NOISE)).toEqual({ kind: 'winner', best: [0] });
  });

  it('calls a first token within 5 % a tie, even when that is more than 20 ms', () => {
    expect(raceWinners([2000, 2090, 3000], 'low', TIME_NOISE)).toEqual({ kind: 'tie', best: [0, 1] });
    expect(raceWinners([2000, 2110, 3000], 'low', TIME_NOISE)).toEqual({ kind: 'winner', best: [0] });
  });

  it('calls a speed within 5 % of the fastest a tie, marking every one tied', () => {
    expect(raceWinners([100, 96, 80, 95.5], 'high', RATE_NOISE)).toEqual({ kind: 'tie', best: [0, 1, 3] });
  });

  it('marks none when every figure is within the noise of the best', () => {
    expect(raceWinners([41, 40, 40.5], 'high', RATE_NOISE)).toEqual({ kind: 'all-tied', best: [] });
    expect(raceWinners([205, 190], 'low', TIME_NOISE)).toEqual({ kind: 'all-tied', best: [] });
  });

  it('compares only the figures there are, and needs two of them', () => {
    expect(raceWinners([undefined, 90, undefined], 'low', TIME_NOISE)).toEqual({ kind: 'none', best: [] });
    expect(raceWinners([], 'low', TIME_NOISE)).toEqual({ kind: 'none', best: [] });
    expect(raceWinners([undefined, 1.5, 2.6], 'low', COST_NOISE)).toEqual({ kind: 'winner', best: [1] });
  });
});
