import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { staleBuild } from './stale-build.mjs';

it('npm start builds when there is no build, or a source is newer than the build', () => {
  const root = mkdtempSync(join(tmpdir(), 'sluice-stale-'));
  mkdirSync(join(root, 'lib', 'server'), { recursive: true });
  writeFileSync(join(root, 'lib', 'server', 'a.ts'), 'export {};\n');
  writeFileSync(join(root, 'package.json'), '{}\n');
  expect(staleBuild(root)).toBe('no build yet');

  mkdirSync(join(root, '.next'));
  writeFileSync(join(root, '.next', 'BUILD_ID'), 'x');
  const built = new Date(Date.now() + 60_000);
  utimesSync(join(root, '.next', 'BUILD_ID'), built, built);
  expect(staleBuild(root)).toBeUndefined();

  const pulled = new Date(built.getTime() + 1000);
  utimesSync(join(root, 'lib', 'server', 'a.ts'), pulled, pulled);
  expect(staleBuild(root)).toBe('the sources changed since the last build (lib)');
});
