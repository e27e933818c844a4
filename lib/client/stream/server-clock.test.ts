import { describe, expect, it } from 'vitest';
import { ServerClock } from './server-clock';

describe('the server’s clock for a late joiner', () => {
  it('splits bytes where the server received them apart, each with its receive time; later bytes run on from its now', () => {
    const clock = new ServerClock({ offsets: [0, 4, 10], at: [5, 20, 40], length: 12, now: 50, ended: false }, performance.now());
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

  it('runs from when its times were asked for, however late the page heard them', () => {
    const times = { offsets: [0], at: [5], length: 4, now: 50, ended: false };
    const clock = new ServerClock(times, performance.now() - 100);
    expect(clock.now()).toBeGreaterThanOrEqual(150);
    expect(clock.pieces(new Uint8Array(2), 4)[0]!.at).toBeGreaterThanOrEqual(150);
    expect(performance.now() - clock.startedAt).toBeGreaterThanOrEqual(150);
  });
});
