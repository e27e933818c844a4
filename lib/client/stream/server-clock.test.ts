import { describe, expect, it } from 'vitest';
import { ServerClock } from './server-clock';

describe('the server’s clock for a late joiner', () => {
  it('splits bytes where the server received them apart, each with its receive time; later bytes run on from its now', () => {
    const clock = new ServerClock({ offsets: [0, 4, 10], at: [5, 20, 40], length: 12, now: 50, ended: false });
    const bytes = new Uint8Array(14).map((_, i) => i);
    const pieces = clock.pieces(bytes.subarray(2), 2);
    expect(pieces.map((p) => [...p.bytes])).toEqual([
      [2, 3],
      [4, 5, 6, 7, 8, 9],
      [10, 11],
      [12, 13],
    ]);
    expect(pieces.slice(0, 3).map((p) => p.at)).toEqual([5, 20, 40]);
    expect(pieces[3]!.at).toBeGreaterThanOrEqual(50);
  });
});
