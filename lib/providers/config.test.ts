import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadProviders, parseConfig } from './config';

const FILE = '/etc/sluice.config.json';
const openai = {
  id: 'openai',
  protocol: 'openai-chat',
  baseUrl: 'https://api.openai.com/v1',
  apiKeyEnv: 'OPENAI_API_KEY',
  models: ['gpt-4.1-mini'],
};

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('provider configuration', () => {
  it('without a file, configures the four simulator providers on the app’s own origin', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-'));
    const providers = loadProviders({ PORT: '4321' }, dir);
    expect(providers.map((p) => [p.id, p.protocol])).toEqual([
      ['sim-openai', 'openai-chat'],
      ['sim-anthropic', 'anthropic-messages'],
      ['sim-responses', 'openai-responses'],
      ['sim-gemini', 'gemini'],
    ]);
    expect(providers[0]!.baseUrl).toBe('http://127.0.0.1:4321/api/sim/openai/v1');
  });

  it('reads sluice.config.json from the working directory, keys from the environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-'));
    writeFileSync(
      join(dir, 'sluice.config.json'),
      JSON.stringify({
        providers: [
          openai,
          {
            id: 'local',
            protocol: 'anthropic-messages',
            baseUrl: 'http://127.0.0.1:9/',
            apiKey: 'inline-key',
            path: '/anthropic/v1/messages',
            headers: { 'x-team': 'a' },
          },
        ],
      }),
    );
    const providers = loadProviders({ OPENAI_API_KEY: 'from-env' }, dir);
    const byId = Object.fromEntries(providers.map((p) => [p.id, p]));
    expect(byId.openai!.apiKey).toBe('from-env');
    expect(byId.openai!.models).toEqual([{ id: 'gpt-4.1-mini' }]);
    expect(byId.local).toMatchObject({
      apiKey: 'inline-key',
      baseUrl: 'http://127.0.0.1:9',
      path: '/anthropic/v1/messages',
      headers: { 'x-team': 'a' },
      models: undefined,
    });
  });

  it('names the file, the provider and the field of a bad entry', () => {
    const message = errorOf(() =>
      parseConfig(FILE, JSON.stringify({ providers: [openai, { ...openai, id: 'groq', protocol: 'grpc' }] })),
    );
    expect(message).toContain('/etc/sluice.config.json');
    expect(message).toContain('provider "groq" (providers[1])');
    expect(message).toContain('field "protocol"');
  });

  it.each([
    [{ ...openai, baseUrl: 'not a url' }, 'field "baseUrl"'],
    [{ ...openai, path: 'chat' }, 'field "path"'],
    [{ ...openai, models: 'gpt' }, 'field "models"'],
    [{ ...openai, apiKeyEnv: 'has space' }, 'field "apiKeyEnv"'],
    [{ ...openai, secret: 1 }, 'secret'],
    [{ ...openai, id: 'sim-openai' }, 'already taken'],
    [{ ...openai, id: 'replay' }, 'already taken'],
  ])('rejects %j', (entry, expected) => {
    expect(errorOf(() => parseConfig(FILE, JSON.stringify({ providers: [entry] })))).toContain(expected);
  });

  it('rejects duplicate ids and invalid JSON', () => {
    expect(errorOf(() => parseConfig(FILE, JSON.stringify({ providers: [openai, openai] })))).toContain(
      'provider "openai" (providers[1]), field "id"',
    );
    expect(errorOf(() => parseConfig(FILE, '{"providers": ['))).toMatch(/not valid JSON/);
  });

  it('says so when SLUICE_CONFIG names a missing file', () => {
    expect(errorOf(() => loadProviders({ SLUICE_CONFIG: '/nonexistent/providers.json' }))).toContain(
      '/nonexistent/providers.json',
    );
  });
});
