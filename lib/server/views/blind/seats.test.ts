import { describe, expect, it } from 'vitest';
import { drawSeats } from './seats';

const pool = [
  { provider: 'p1', model: 'm1' },
  { provider: 'p2', model: 'm2' },
  { provider: 'p3', model: 'm3' },
];

describe('drawSeats', () => {
  it('seats every model of the pool once', () => {
    const seats = drawSeats(pool);
    expect(seats).toHaveLength(3);
    expect([...seats].sort((a, b) => a.model.localeCompare(b.model))).toEqual(pool);
  });

  it('is a Fisher–Yates shuffle of the draws it is given', () => {
    // i = 2 draws 0 (swap 2 and 0), i = 1 draws 1 (stays): [m3, m2, m1].
    const draws = [0, 1];
    expect(drawSeats(pool, () => draws.shift()!).map((s) => s.model)).toEqual(['m3', 'm2', 'm1']);
    // Draws that always keep each in place leave the pool's order.
    expect(drawSeats(pool, (max) => max - 1).map((s) => s.model)).toEqual(['m1', 'm2', 'm3']);
  });

  it('gives every order of three, about as often (crypto randomness)', () => {
    const counts = new Map<string, number>();
    const n = 6000;
    for (let i = 0; i < n; i++) {
      const key = drawSeats(pool)
        .map((s) => s.model)
        .join();
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    // Each order is expected n/6 = 1000 times (sd ≈ 29): 850 is over five sd away.
    for (const count of counts.values()) expect(count).toBeGreaterThan(850);
  });

  it('does not change the pool it is given', () => {
    const copy = structuredClone(pool);
    drawSeats(pool);
    expect(pool).toEqual(copy);
  });
});
