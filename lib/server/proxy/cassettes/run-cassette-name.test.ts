import { describe, expect, it } from 'vitest';
import { cassetteSlug, runCassetteNames } from './run-cassette-name';

describe('a run’s cassette name', () => {
  it('is the run’s name as a slug', () => {
    expect(cassetteSlug('my run')).toBe('my-run');
    expect(cassetteSlug('Refactor: the parser!')).toBe('refactor-the-parser');
    expect(cassetteSlug('Café déjà vu')).toBe('cafe-deja-vu');
    expect(cassetteSlug('npm test -- --grep=x.y')).toBe('npm-test-grep-x.y');
    expect(cassetteSlug('x'.repeat(300))).toHaveLength(80);
  });

  it('is nothing when nothing of the name is left', () => {
    expect(cassetteSlug('')).toBeUndefined();
    expect(cassetteSlug('!!! ???')).toBeUndefined();
    expect(cassetteSlug('日本語')).toBeUndefined();
  });

  it('tries the slug, then numbered, then the run’s id', () => {
    const names = runCassetteNames({ id: 'run-01a2', name: 'my run' }, 3);
    expect(names).toEqual(['my-run', 'my-run-2', 'my-run-3', 'run-run-01a2']);
    expect(runCassetteNames({ id: '01a2', name: '???' })).toEqual(['run-01a2']);
  });
});
