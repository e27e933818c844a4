import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startNextServer } from './next-server';
import { startUpstream } from './upstream';

/** A key that must never be seen outside the server. */
export const SECRET_KEY = 'sk-sluice-test-SECRET-7f3a9c';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    upstreamUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-it-'));
  const config = join(dir, 'sluice.config.json');
  const closedPort = await freePort();
  const upstream = await startUpstream();
  const up = upstream.origin;
  writeFileSync(
    config,
    JSON.stringify({
      providers: [
        { id: 'keyed', name: 'Keyed (closed port)', protocol: 'openai-chat', baseUrl: `http://127.0.0.1:${closedPort}/v1`, apiKey: SECRET_KEY },
        { id: 'keyed-env', protocol: 'anthropic-messages', baseUrl: `http://127.0.0.1:${closedPort}/v1`, apiKeyEnv: 'SLUICE_TEST_KEY', models: ['m1'] },
        { id: 'up-chat', protocol: 'openai-chat', baseUrl: `${up}/v1`, apiKey: SECRET_KEY },
        { id: 'up-anthropic', protocol: 'anthropic-messages', baseUrl: `${up}/anthropic/v1`, apiKeyEnv: 'SLUICE_TEST_KEY' },
        { id: 'up-responses', protocol: 'openai-responses', baseUrl: `${up}/v1`, apiKey: SECRET_KEY },
        { id: 'up-gemini', protocol: 'gemini', baseUrl: `${up}/v1beta`, apiKey: SECRET_KEY },
        { id: 'up-c1', protocol: 'openai-chat', baseUrl: up, path: '/c1/chat', apiKey: SECRET_KEY, headers: { 'x-gateway-team': 'sluice' } },
      ],
    }),
  );
  const server = await startNextServer({
    SLUICE_CONFIG: config,
    SLUICE_TEST_KEY: SECRET_KEY,
    SLUICE_KEEPALIVE_MS: '300',
    SLUICE_IDLE_TIMEOUT_MS: '1500',
    SLUICE_UPSTREAM_TIMEOUT_MS: '1500',
  });
  project.provide('baseUrl', server.origin);
  project.provide('upstreamUrl', up);
  return async () => {
    await server.stop();
    upstream.server.closeAllConnections();
    upstream.server.close();
    // The server's own output must never carry a key.
    if (server.output().includes(SECRET_KEY)) throw new Error('The Next server logged an API key.');
  };
}
