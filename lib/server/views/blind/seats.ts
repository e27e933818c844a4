import 'server-only';
import { randomInt } from 'node:crypto';
import type { BlindSeat } from '@/lib/api/blind';

/** An integer in [0, max): node:crypto's, unbiased. Injectable for tests. */
export type Draw = (max: number) => number;

/**
 * The pool's models in a random order, one per pane (A, B, …): a Fisher–Yates shuffle
 * on the server's cryptographic randomness. Drawn here, not by the page: a page that
 * chose the order would know which letter hides which model.
 */
export function drawSeats(pool: readonly BlindSeat[], draw: Draw = randomInt): BlindSeat[] {
  const seats = pool.map((seat) => ({ provider: seat.provider, model: seat.model }));
  for (let i = seats.length - 1; i > 0; i--) {
    const j = draw(i + 1);
    [seats[i], seats[j]] = [seats[j]!, seats[i]!];
  }
  return seats;
}
