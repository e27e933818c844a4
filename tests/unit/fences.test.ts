import { existsSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Lints a made-up file at `filePath` with the project's config, and returns the rules it
 * broke. The import plugin's rules read files from disk, which a made-up one is not.
 */
async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const overrideConfig = { rules: { 'import/no-cycle': 'off', 'import/no-restricted-paths': 'off' } } as const;
  const [result] = await new ESLint({ cwd: process.cwd(), overrideConfig }).lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('where code runs is fenced by lint', () => {
  it.each([
    ['components/fenced.tsx', "import { providers } from '@/lib/providers/config';"],
    ['components/fenced.tsx', "import { store } from '@/lib/server/store';"],
    ['lib/client/fenced.ts', "import { loadProviders } from '../providers/config';"],
    ['lib/assemble/fenced.ts', "import { redact } from '@/lib/server/platform/redact';"],
    ['lib/http/fenced.ts', "import { redact } from '@/lib/server/platform/redact';"],
    ['lib/sse/fenced.ts', "import { CHAT_HEADERS } from '@/lib/api/headers';"],
  ])('%s may not import that: %s', async (file, line) => {
    expect(await brokenRules(file, `${line}\nexport const x = 1;\n`)).toContain('no-restricted-imports');
  });

  it('the browser takes the public provider list from lib/api, and the server may read lib/providers', async () => {
    expect(
      await brokenRules(
        'components/fenced.tsx',
        "import type { PublicProvider } from '@/lib/api/providers';\nexport type X = PublicProvider;\n",
      ),
    ).toEqual([]);
    expect(
      await brokenRules(
        'lib/server/fenced.ts',
        "import { providers } from '@/lib/providers/config';\nexport const x = providers;\n",
      ),
    ).toEqual([]);
  });
});

/** The rules a made-up file breaks, import walls included: it imports real modules, which the rule resolves on disk. */
async function brokenWalls(filePath: string, code: string): Promise<string[]> {
  const overrideConfig = { rules: { 'import/no-cycle': 'off' } } as const;
  const [result] = await new ESLint({ cwd: process.cwd(), overrideConfig }).lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

/** One real module of each server floor, bottom to top (eslint.config.mjs: SERVER_FLOORS). */
const FLOORS: [folder: string, module: string][][] = [
  [['platform', '@/lib/server/platform/ids']],
  [['http', '@/lib/server/http/errors']],
  [['database', '@/lib/server/database/sql-client']],
  [['store', '@/lib/server/store']],
  [['streams', '@/lib/server/streams/settings']],
  [['auth', '@/lib/server/auth/identity']],
  [['views', '@/lib/server/views/conversations']],
  [
    ['chat', '@/lib/server/chat/start-chat'],
    ['proxy', '@/lib/server/proxy/forward'],
    ['records', '@/lib/server/records/votes'],
  ],
  [['host', '@/lib/server/host/api-route']],
];
const probe = (module: string) => `import * as probe from '${module}';\nexport const x = probe;\n`;

describe('the server stands in floors, walled by lint', () => {
  const upward = FLOORS.flatMap((floor, level) =>
    floor.flatMap(([folder]) =>
      FLOORS.slice(level + 1)
        .flat()
        .map(([, module]) => [folder, module] as const),
    ),
  );
  it.each(upward)('lib/server/%s may not import %s, a floor above it', async (folder, module) => {
    expect(await brokenWalls(`lib/server/${folder}/fenced.ts`, probe(module))).toContain('import/no-restricted-paths');
  });

  const features = FLOORS.find((floor) => floor.length > 1)!;
  const sideways = features.flatMap(([folder]) =>
    features.filter(([other]) => other !== folder).map(([, module]) => [folder, module] as const),
  );
  it.each(sideways)('the feature lib/server/%s may not import another feature: %s', async (folder, module) => {
    expect(await brokenWalls(`lib/server/${folder}/fenced.ts`, probe(module))).toContain('import/no-restricted-paths');
  });

  const downward = FLOORS.flatMap((floor, level) =>
    level === 0 ? [] : floor.map(([folder]) => [folder, FLOORS[level - 1]![0]![1]] as const),
  );
  it.each(downward)('lib/server/%s may import the floor below it: %s', async (folder, module) => {
    expect(await brokenWalls(`lib/server/${folder}/fenced.ts`, probe(module))).toEqual([]);
  });

  it.each([
    ['lib/simulator/fenced.ts', '@/lib/server/http/errors'],
    ['lib/api/fenced.ts', '@/lib/client/thread/reply-figures'],
    ['lib/protocols/fenced.ts', '@/lib/simulator/plan'],
    ['lib/server/records/fenced.ts', '@/lib/client/stream/reply-patch'],
    ['lib/server/views/fenced.ts', '@/components/chat/reply-figures'],
  ])('%s may not import %s', async (file, module) => {
    expect(await brokenWalls(file, probe(module))).toContain('import/no-restricted-paths');
  });
});

describe('the probes name real modules', () => {
  const modules = [
    ...FLOORS.flat().map(([, module]) => module),
    '@/lib/client/stream/reply-patch',
    '@/components/chat/reply-figures',
  ];
  it.each(modules)('%s exists (a probe of a missing module proves nothing)', (module) => {
    const base = module.replace('@/', '');
    expect(['.ts', '.tsx', '/index.ts'].some((ext) => existsSync(base + ext))).toBe(true);
  });
});
