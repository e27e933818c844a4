import { describe, expect, it } from 'vitest';
import { alignRace } from './race-chart-data';

describe('the race on one time axis', () => {
  it('gives each pane its counts at its own points and gaps at the others’', () => {
    const a = { at: [0, 100, 300], tokens: [0, 1, 5] };
    const b = { at: [0, 200], tokens: [0, 4] };
    expect(alignRace([a, b, undefined])).toEqual([
      [0, 0.1, 0.2, 0.3],
      [0, 1, null, 5],
      [0, null, 4, null],
      [null, null, null, null],
    ]);
  });

  it('takes the later of two points at one time, and still reads the points after them', () => {
    const stored = { at: [0, 0, 50, 90], tokens: [0, 0, 3, 8] };
    const live = { at: [0, 50, 50, 70], tokens: [0, 1, 2, 6] };
    expect(alignRace([stored, live])).toEqual([
      [0, 0.05, 0.07, 0.09],
      [0, 3, null, 8],
      [0, 2, 6, null],
    ]);
  });
});
