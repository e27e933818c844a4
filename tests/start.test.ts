import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('npm start refuses a bad providers file, naming the file, the provider and the field', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'sluice-bad-')), 'providers.json');
  writeFileSync(file, JSON.stringify({ providers: [{ id: 'groq', protocol: 'openai-chat', baseUrl: 'ftp://nope' }] }));
  const run = spawnSync('node_modules/.bin/tsx', ['scripts/start.ts'], { env: { ...process.env, SLUICE_CONFIG: file, PORT: '1' }, encoding: 'utf8' });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(file);
  expect(run.stderr).toContain('provider "groq" (providers[0]), field "baseUrl"');
});
