import { describe, expect, it } from 'vitest';
import { countTokens } from './tokens';

describe('countTokens', () => {
  it('counts a text with spaces as the encoder does', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world, this is a test')).toBe(7);
  });

  it('counts a 300 K-character run without a space in slices, close to the encoder and not quadratic in it', () => {
    // Counted whole, the encoder's merges took minutes for this one word (a base64 image is such a word).
    const word = 'QUJDRA'.repeat(50_000);
    const tokens = countTokens(`data: ${word} end`);
    expect(tokens).toBeGreaterThan(word.length / 8);
    expect(tokens).toBeLessThan(word.length / 1.5);
  });
});
