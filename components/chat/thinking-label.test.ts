import { describe, expect, it } from 'vitest';
import { thoughtLabel } from './thinking-label';

describe('thoughtLabel', () => {
  it('says a quick thought took under a tenth of a second, never "0.0 s"', () => {
    expect(thoughtLabel(0)).toBe('Thought for under 0.1 s');
    expect(thoughtLabel(0.049)).toBe('Thought for under 0.1 s');
    expect(thoughtLabel(0.099)).toBe('Thought for under 0.1 s');
  });

  it('gives a longer one to a tenth of a second', () => {
    expect(thoughtLabel(0.1)).toBe('Thought for 0.1 s');
    expect(thoughtLabel(2.34)).toBe('Thought for 2.3 s');
  });

  it('names no time when there is none', () => {
    expect(thoughtLabel(undefined)).toBe('Thought');
  });
});
