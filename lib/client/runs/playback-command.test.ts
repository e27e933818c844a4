import { describe, expect, it } from 'vitest';
import { commandOfRun, playbackCommand } from './playback-command';

describe('the playback command', () => {
  it('gives back the command `npm run with` named a run after', () => {
    expect(commandOfRun('claude -p "fix it" (k3f9)')).toBe('claude -p "fix it"');
    expect(playbackCommand('run-r1', 'claude -p "fix it" (k3f9)')).toBe(
      'npm run with -- --cassette run-r1 --mode playback claude -p "fix it"',
    );
  });

  it('leaves a placeholder for a run named another way, and quotes a cassette name the shell would split', () => {
    expect(commandOfRun('e2e run')).toBeUndefined();
    expect(playbackCommand("my run's", 'e2e run')).toBe(
      "npm run with -- --cassette 'my run'\\''s' --mode playback <your agent command>",
    );
  });
});
