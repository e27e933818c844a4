import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { providerSecrets, splitCredentials } from './secrets';

describe('provider secrets', () => {
  it('are the key, the values of headers named as credentials and the secrets inside a JSON header value', () => {
    const secrets = providerSecrets('sk-key-12345678', {
      'Helicone-Auth': 'Bearer sk-helicone-abcdef12',
      'x-portkey-config': JSON.stringify({
        provider: 'openai',
        api_key: 'pk-json-secret-1',
        nested: { token: 'tok-nested-22222' },
      }),
      'x-team': 'a',
      'x-portkey-provider': 'anthropic',
    });
    expect(secrets).toEqual(
      expect.arrayContaining([
        'sk-key-12345678',
        'Bearer sk-helicone-abcdef12',
        'sk-helicone-abcdef12',
        'pk-json-secret-1',
        'tok-nested-22222',
      ]),
    );
    expect(secrets).not.toContain('a'); // too short to be a credential, and replacing it would mangle replies
    expect(secrets).not.toContain('openai');
    expect(secrets).not.toContain('anthropic'); // a setting, not a credential: a reply may say it
  });

  it('credentials in baseUrl become an Authorization header as the config loads', () => {
    expect(splitCredentials('https://user:p%40ss@gw.example/v1')).toEqual({
      baseUrl: 'https://gw.example/v1',
      authorization: `Basic ${Buffer.from('user:p@ss').toString('base64')}`,
      password: 'p@ss',
    });
    const [provider] = parseConfig(
      'x.json',
      JSON.stringify({
        providers: [{ id: 'gw', protocol: 'openai-chat', baseUrl: 'https://user:hunter2-secret@gw.example/v1' }],
      }),
      {},
    ).filter((p) => p.id === 'gw');
    expect(provider!.baseUrl).toBe('https://gw.example/v1');
    expect(JSON.stringify(provider!.baseUrl)).not.toContain('hunter2');
    expect(provider!.headers.authorization).toMatch(/^Basic /);
    expect(provider!.secrets).toEqual(expect.arrayContaining(['hunter2-secret', provider!.headers.authorization]));
  });
});
