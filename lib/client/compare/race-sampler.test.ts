import { describe, expect, it } from 'vitest';
import { Sampler } from './race-sampler';

describe('the race sampler', () => {
  it('hands back its last value while the race is live, until the next beat', () => {
    const sampler = new Sampler<number[]>();
    let worked = 0;
    const work = () => [++worked];
    const first = sampler.take(0, 'a', true, work);
    expect(sampler.take(0, 'a', true, work)).toBe(first);
    expect(sampler.take(0, 'a', true, work)).toBe(first);
    expect(sampler.take(250, 'a', true, work)).toEqual([2]);
    expect(sampler.take(250, 'a', true, work)).toEqual([2]);
    expect(worked).toBe(2);
  });

  it('works the value out anew for other replies, and at every call once the race is over', () => {
    const sampler = new Sampler<number>();
    let worked = 0;
    const work = () => ++worked;
    sampler.take(0, 'a', true, work);
    expect(sampler.take(0, 'b', true, work)).toBe(2);
    expect(sampler.take(0, 'b', false, work)).toBe(3);
    expect(sampler.take(0, 'b', false, work)).toBe(4);
  });
});
