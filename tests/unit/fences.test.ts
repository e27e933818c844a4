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
    ['lib/assemble/fenced.ts', "import { redact } from '@/lib/server/redact';"],
    ['lib/http/fenced.ts', "import { redact } from '@/lib/server/redact';"],
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
