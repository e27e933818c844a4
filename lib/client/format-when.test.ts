import { describe, expect, it } from 'vitest';
import { formatWhen } from './format-when';

// Local times, so the machine's time zone does not matter.
const now = new Date(2025, 5, 14, 16, 45, 0);
const en = (at: Date, precise = false) => formatWhen(at, { now, locale: 'en-GB', precise });

describe('formatWhen', () => {
  it('gives the time alone for today, with seconds when precise', () => {
    expect(en(new Date(2025, 5, 14, 9, 5, 7))).toBe('09:05');
    expect(en(new Date(2025, 5, 14, 9, 5, 7), true)).toBe('09:05:07');
  });

  it('gives the day for earlier this year, and the day with its time when precise', () => {
    expect(en(new Date(2025, 5, 13, 23, 59))).toBe('13 Jun');
    expect(en(new Date(2025, 0, 2, 8, 0, 1), true)).toBe('2 Jan, 08:00:01');
  });

  it('adds the year for an earlier year', () => {
    expect(en(new Date(2024, 11, 31, 12, 0))).toBe('31 Dec 2024');
  });

  it('reads ISO strings and epoch ms; says nothing for a date it cannot read', () => {
    const at = new Date(2025, 5, 14, 10, 30);
    expect(formatWhen(at.toISOString(), { now, locale: 'en-GB' })).toBe('10:30');
    expect(formatWhen(at.getTime(), { now, locale: 'en-GB' })).toBe('10:30');
    expect(formatWhen('not a date', { now })).toBe('');
  });
});
