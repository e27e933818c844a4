import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VARIABLES } from './variables';

/** The rows of docs/operations.md's "## Environment" table, each as its cells, header and rule left out. */
function readmeRows(): string[][] {
  const readme = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Environment\n'));
  if (!section) throw new Error('docs/operations.md has no "## Environment" section');
  const table = section.split('\n').filter((line) => line.startsWith('|'));
  return table.slice(2).map((line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim()),
  );
}

const declared = Object.entries(VARIABLES).map(([name, variable]) => [`\`${name}\``, variable.meaning, variable.shownDefault]);

describe("docs/operations.md's Environment table", () => {
  it('lists the variables lib/server/platform/environment declares, in its order', () => {
    expect(readmeRows().map(([name]) => name)).toEqual(declared.map(([name]) => name));
  });

  it('gives each the meaning and default declared there', () => {
    // On failure, the expected rows are the table to paste into docs/operations.md.
    expect(readmeRows().map((cells) => `| ${cells.join(' | ')} |`)).toEqual(declared.map((cells) => `| ${cells.join(' | ')} |`));
  });
});
