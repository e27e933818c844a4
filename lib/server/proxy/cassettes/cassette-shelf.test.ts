import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cassetteDir, cassetteFile, cassetteShelf } from './cassette-file';

describe("a user's cassettes (issue 40)", () => {
  it('are SLUICE_CASSETTE_DIR itself for the one user without sign-in, users/{id} for each signed-in user', () => {
    expect(cassetteShelf('local')).toBe(cassetteDir());
    const id = '019ac0de-7f00-7000-8000-000000000001';
    expect(cassetteShelf(id)).toBe(path.join(cassetteDir(), 'users', id));
    expect(cassetteFile('ci', id)).toBe(path.join(cassetteDir(), 'users', id, 'ci.har'));
    // Two people's "ci" are two files.
    expect(cassetteFile('ci', 'local')).not.toBe(cassetteFile('ci', id));
  });

  it('never take a path for a user id', () => {
    for (const owner of ['../local', 'a/b', '', '..', 'x'.repeat(65), 'A%2F'])
      expect(() => cassetteShelf(owner), owner).toThrow(/not a user id/);
  });
});
