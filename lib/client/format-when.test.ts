import { describe, expect, it } from 'vitest';
import { formatWhen, fullWhen } from './format-when';

// Local times, so the machine's time zone does not matter.
const now = new Date(2025, 5, 14, 16, 45, 0);
const en = (at: Date) => formatWhen(at, { now, locale: 'en-GB' });

describe('formatWhen: one format everywhere', () => {
  it('gives the time alone for today, in the locale’s clock', () => {
    expect(en(new Date(2025, 5, 14, 9, 5, 7))).toBe('9:05');
    expect(formatWhen(new Date(2025, 5, 14, 21, 5, 7), { now, locale: 'en-US' })).toBe('9:05 PM');
  });

  it('gives the day and time for earlier this year', () => {
    expect(en(new Date(2025, 5, 13, 23, 59))).toBe('13 Jun, 23:59');
    expect(en(new Date(2025, 0, 2, 8, 0, 1))).toBe('2 Jan, 8:00');
  });

  it('gives the day and year for an earlier year', () => {
    expect(en(new Date(2024, 11, 31, 12, 0))).toBe('31 Dec 2024');
  });

  it('reads ISO strings and epoch ms; says nothing for a date it cannot read', () => {
    const at = new Date(2025, 5, 14, 10, 30);
    expect(formatWhen(at.toISOString(), { now, locale: 'en-GB' })).toBe('10:30');
    expect(formatWhen(at.getTime(), { now, locale: 'en-GB' })).toBe('10:30');
    expect(formatWhen('not a date', { now })).toBe('');
  });
});

describe('fullWhen: the exact moment, on hover', () => {
  it('carries the seconds and the time zone', () => {
    const text = fullWhen(new Date(2025, 5, 14, 9, 5, 7), 'en-GB');
    expect(text).toMatch(/^14 Jun 2025, 09:05:07 \S+/);
  });
});
