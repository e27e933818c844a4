/**
 * docs/architecture.md's map has one row per folder of the server and the browser, and
 * its list of server modules that do not import `server-only` is the real one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAP = readFileSync('docs/architecture.md', 'utf8');

/** A folder and the folders in it; a folder of folders alone (lib/server) has no row of its own. */
function foldersUnder(root: string): string[] {
  const hasFiles = readdirSync(root).some((name) => statSync(join(root, name)).isFile());
  return [
    ...(hasFiles ? [`${root}/`] : []),
    ...readdirSync(root)
      .filter((name) => statSync(join(root, name)).isDirectory())
      .flatMap((name) => foldersUnder(`${root}/${name}`)),
  ];
}

function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = `${root}/${name}`;
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The folder each table row of the map is about: the first cell's backticked paths. */
const rowFolders = MAP.split('\n')
  .filter((line) => line.startsWith('| `'))
  .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));

describe('the architecture map', () => {
  const folders = [...foldersUnder('lib/server'), ...foldersUnder('lib/client')];

  it.each(folders)('has one row for %s', (folder) => {
    expect(rowFolders.filter((named) => named === folder)).toHaveLength(1);
  });

  it('has no row for a folder that is not there', () => {
    const gone = rowFolders.filter((named) => /^lib\/(server|client)\//.test(named) && !folders.includes(named));
    expect(gone).toEqual([]);
  });

  it('keeps its rows short: the detail is in the code', () => {
    const long = MAP.split('\n').filter((line) => line.startsWith('| `') && line.length > 300);
    expect(long).toEqual([]);
  });

  it('names every server module that does not import server-only, and no other', () => {
    const named = MAP.split('<!-- server-only exceptions -->')[1]!.split('<!-- end -->')[0]!;
    const listed = [...named.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).sort();
    const real = [...filesUnder('lib/server'), ...filesUnder('lib/providers')]
      .filter((file) => /\.(ts|mjs)$/.test(file) && !/\.test\.|\.d\.mts$/.test(file))
      .filter((file) => !/^import 'server-only';$/m.test(readFileSync(file, 'utf8')))
      .sort();
    expect(listed).toEqual(real);
  });
});
