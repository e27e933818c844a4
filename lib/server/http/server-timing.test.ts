import { describe, expect, it } from 'vitest';
import { exchangeTiming, serverTimingHeader } from './server-timing';

describe('Server-Timing', () => {
  it('splits the time to the upstream’s headers into Sluice’s share and the upstream’s, to 0.01 ms', () => {
    expect(exchangeTiming(100, 101.23456, 351.5)).toEqual({ sluiceMs: 1.23, upstreamMs: 250.27 });
    expect(exchangeTiming(100, 99, 99)).toEqual({ sluiceMs: 0, upstreamMs: 0 });
  });

  it('says both, after what the upstream said itself', () => {
    const timing = { sluiceMs: 0.8, upstreamMs: 120 };
    const ours = 'sluice;desc="Sluice before the upstream";dur=0.8, upstream;desc="Upstream to headers";dur=120';
    expect(serverTimingHeader(timing)).toBe(ours);
    expect(serverTimingHeader(timing, 'cfRequestDuration;dur=95')).toBe(`cfRequestDuration;dur=95, ${ours}`);
    expect(serverTimingHeader(timing, ['a;dur=1', 'b;dur=2'])).toBe(`a;dur=1, b;dur=2, ${ours}`);
  });
});
