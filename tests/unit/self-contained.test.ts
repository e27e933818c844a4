/**
 * A clone with nothing beside it must pass `npm test`: no file of the project may
 * reach outside the repository for test data (the recordings live in tests/fixtures).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const SELF = fileURLToPath(import.meta.url);
const SKIP = new Set(['node_modules', '.git', '.next', 'test-results', 'fixtures', 'results', '.data']);
const SOURCE = /\.(ts|tsx|js|mjs|cjs|json|sh)$|^\.ci$|^run$|^postgres$|^redis$/;
// The two spellings of a path to the folder beside the checkout, built so that this file does not match itself.
const OUTSIDE = new RegExp(['\\.\\.[\\\\/]shared\\b', `['"]\\.\\.['"]\\s*,\\s*['"]shared['"]`].join('|'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) || dir.endsWith('.ci') ? [path] : [];
  });
}

describe('the repository is self-contained', () => {
  it('no source, test, script or CI file reads the folder beside the checkout', () => {
    const files = sourceFiles(ROOT).filter((file) => file !== SELF);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => OUTSIDE.test(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('the scan would catch a file that did', () => {
    // Spelled in pieces, so that no scan of the repository finds these examples themselves.
    const beside = ['.'.repeat(2), 'shared'];
    expect(OUTSIDE.test(`join(process.cwd(), ${beside.map((p) => `'${p}'`).join(', ')}, 'fixtures')`)).toBe(true);
    expect(OUTSIDE.test(`readFileSync("${beside.join('/')}/fixtures/wire/x.sse")`)).toBe(true);
    expect(OUTSIDE.test("join(process.cwd(), 'tests', 'fixtures', 'wire')")).toBe(false);
  });
});
