import { describe, expect, it } from 'vitest';
import { cassetteOutcome } from './cassette-badge';

describe('a capture under a cassette says what became of it', () => {
  it('played back, recorded, or in playback mode not found (nothing recorded)', () => {
    expect(cassetteOutcome({ name: 'ci', mode: 'playback', played: true }).said).toBe('played back from');
    expect(cassetteOutcome({ name: 'ci', mode: 'hybrid', played: true }).said).toBe('played back from');
    expect(cassetteOutcome({ name: 'ci', mode: 'record', played: false }).said).toBe('recorded to');
    expect(cassetteOutcome({ name: 'ci', mode: 'hybrid', played: false }).said).toBe('recorded to');
    expect(cassetteOutcome({ name: 'ci', mode: 'playback', played: false }).said).toBe('not found in');
  });
});
