import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startNextServer } from './next-server';
import { startPortkey } from './portkey';
import { startUpstream } from './upstream';

/** A key that must never be seen outside the server. */
export const SECRET_KEY = 'sk-sluice-test-SECRET-7f3a9c';

/** Secrets a gateway's configuration carries outside `apiKey`: header values, a key inside a JSON header, credentials in baseUrl. */
export const HEADER_SECRETS = {
  helicone: 'sk-helicone-SECRET-5d1e02',
  apim: 'apim-SECRET-88a1b3c4',
  inJson: 'pk-SECRET-in-json-9e7f',
  urlPassword: 'pw-SECRET-in-url-4c2a',
};

/** The bounds the integration server runs with: small, so that passing them is quick. */
export const LIMITS = { maxLineBytes: 64 * 1024, maxEventBytes: 128 * 1024, maxReplyBytes: 4 * 1024 * 1024 };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    upstreamUrl: string;
    /** The providers file the server runs with, for a test that starts a server of its own. */
    configPath: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-it-'));
  const config = join(dir, 'sluice.config.json');
  const closedPort = await freePort();
  const upstream = await startUpstream();
  const up = upstream.origin;
  // A real gateway from npm in front of the same upstream, translating Anthropic and Gemini into Chat Completions.
  const portkey = await startPortkey();
  const viaPortkey = (provider: string, customHost: string) => ({
    'x-portkey-provider': provider,
    'x-portkey-custom-host': customHost,
    'x-portkey-strict-open-ai-compliance': 'false',
  });
  writeFileSync(
    config,
    JSON.stringify({
      providers: [
        {
          id: 'keyed',
          name: 'Keyed (closed port)',
          protocol: 'openai-chat',
          baseUrl: `http://127.0.0.1:${closedPort}/v1`,
          apiKey: SECRET_KEY,
        },
        {
          id: 'keyed-env',
          protocol: 'anthropic-messages',
          baseUrl: `http://127.0.0.1:${closedPort}/v1`,
          apiKeyEnv: 'SLUICE_TEST_KEY',
          models: ['m1'],
        },
        // One model priced in the file (a gateway's own price list); the rest have no known price.
        {
          id: 'up-chat',
          protocol: 'openai-chat',
          baseUrl: `${up}/v1`,
          apiKey: SECRET_KEY,
          prices: {
            'fx:openai-chat:text-include-usage-obfuscation.sse': { input: 2, output: 8, cachedInput: 1, contextWindow: 32 },
          },
        },
        { id: 'up-anthropic', protocol: 'anthropic-messages', baseUrl: `${up}/anthropic/v1`, apiKeyEnv: 'SLUICE_TEST_KEY' },
        { id: 'up-responses', protocol: 'openai-responses', baseUrl: `${up}/v1`, apiKey: SECRET_KEY },
        { id: 'up-gemini', protocol: 'gemini', baseUrl: `${up}/v1beta`, apiKey: SECRET_KEY },
        {
          id: 'up-c1',
          protocol: 'openai-chat',
          baseUrl: up,
          path: '/c1/chat',
          apiKey: SECRET_KEY,
          headers: { 'x-gateway-team': 'sluice' },
        },
        {
          id: 'up-gateway',
          protocol: 'openai-chat',
          baseUrl: `${up.replace('http://', `http://gateway-user:${HEADER_SECRETS.urlPassword}@`)}/v1`,
          headers: {
            'Helicone-Auth': `Bearer ${HEADER_SECRETS.helicone}`,
            'Ocp-Apim-Subscription-Key': HEADER_SECRETS.apim,
            'x-portkey-config': JSON.stringify({ provider: 'openai', api_key: HEADER_SECRETS.inJson, retry: { attempts: 2 } }),
          },
          models: ['fx:openai-chat:finish-length.sse', 'echo-key'],
        },
        {
          id: 'pk-anthropic',
          protocol: 'openai-chat',
          baseUrl: `${portkey.origin}/v1`,
          apiKey: SECRET_KEY,
          headers: viaPortkey('anthropic', `${up}/anthropic/v1`),
        },
        {
          id: 'pk-gemini',
          protocol: 'openai-chat',
          baseUrl: `${portkey.origin}/v1`,
          apiKey: SECRET_KEY,
          headers: viaPortkey('google', up),
        },
      ],
    }),
  );
  const server = await startNextServer({
    SLUICE_CONFIG: config,
    SLUICE_TEST_KEY: SECRET_KEY,
    SLUICE_KEEPALIVE_MS: '300',
    SLUICE_IDLE_TIMEOUT_MS: '1500',
    SLUICE_UPSTREAM_TIMEOUT_MS: '1500',
    SLUICE_MAX_SSE_LINE_BYTES: String(LIMITS.maxLineBytes),
    SLUICE_MAX_SSE_EVENT_BYTES: String(LIMITS.maxEventBytes),
    SLUICE_MAX_REPLY_BYTES: String(LIMITS.maxReplyBytes),
  });
  project.provide('baseUrl', server.origin);
  project.provide('upstreamUrl', up);
  project.provide('configPath', config);
  return async () => {
    await server.stop();
    await portkey.stop();
    upstream.server.closeAllConnections();
    upstream.server.close();
    // The server's own output must never carry a key, or any other configured secret.
    for (const secret of [SECRET_KEY, ...Object.values(HEADER_SECRETS)])
      if (server.output().includes(secret)) throw new Error('The Next server logged a secret.');
  };
}
