import { describe, expect, it } from 'vitest';
import { ms } from './log-time';

describe('a log row’s time', () => {
  it('is never wider than six characters, whatever its size', () => {
    const cases: [number, string][] = [
      [0, '0.0 ms'],
      [3.44, '3.4 ms'],
      [9.96, '10 ms'],
      [512.4, '512 ms'],
      [999.4, '999 ms'],
      [999.6, '1.00 s'],
      [1234, '1.23 s'],
      [9994, '9.99 s'],
      [9996, '10.0 s'],
      [99_940, '99.9 s'],
      [99_960, '100 s'],
      [125_400, '125 s'],
    ];
    for (const [value, text] of cases) expect([value, ms(value)]).toEqual([value, text]);
    for (const [, text] of cases) expect(text.length).toBeLessThanOrEqual(6);
    // A time before the request: its minus is the seventh character.
    expect(ms(-2345)).toBe('-2.35 s');
  });
});
