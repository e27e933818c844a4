import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the production build is made of: a change to any of these makes it stale. */
const SOURCES = [
  'app',
  'components',
  'lib',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.ts',
  'postcss.config.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** The newest modification time under a file or folder (tests beside the code included: cheap, and harmless). */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/**
 * Why the build in `.next` cannot be served as it is (none yet, or a source newer than it,
 * as after `git pull`), or undefined when it is current.
 */
export function staleBuild(root) {
  const buildId = join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return 'no build yet';
  const built = statSync(buildId).mtimeMs;
  const changed = SOURCES.find((source) => newest(join(root, source)) > built);
  return changed ? `the sources changed since the last build (${changed})` : undefined;
}
