import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startNextServer } from './next-server';

/** A key that must never be seen outside the server. */
export const SECRET_KEY = 'sk-sluice-test-SECRET-7f3a9c';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-it-'));
  const config = join(dir, 'sluice.config.json');
  const closedPort = await freePort();
  writeFileSync(
    config,
    JSON.stringify({
      providers: [
        { id: 'keyed', name: 'Keyed (closed port)', protocol: 'openai-chat', baseUrl: `http://127.0.0.1:${closedPort}/v1`, apiKey: SECRET_KEY },
        { id: 'keyed-env', protocol: 'anthropic-messages', baseUrl: `http://127.0.0.1:${closedPort}/v1`, apiKeyEnv: 'SLUICE_TEST_KEY', models: ['m1'] },
      ],
    }),
  );
  const server = await startNextServer({ SLUICE_CONFIG: config, SLUICE_TEST_KEY: SECRET_KEY });
  project.provide('baseUrl', server.origin);
  return () => server.stop();
}
