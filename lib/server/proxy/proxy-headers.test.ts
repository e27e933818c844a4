import { describe, expect, it } from 'vitest';
import type { Provider } from '@/lib/providers/types';
import { PLACEHOLDER_KEY } from '@/scripts/with-env.mjs';
import { TOKEN_PREFIX } from '@/lib/server/store/token-store';
import { credentialValues, ownCredential, upstreamHeaders, withoutPlaceholder } from './proxy-headers';

const CONFIGURED = 'sk-configured-KEY-1234';
const TOKEN = `${TOKEN_PREFIX}AAAAbbbbCCCCddddEEEEffffGGGGhhhhIIIIjjjjKKK`;
const provider = (protocol: Provider['protocol']) =>
  ({
    id: 'p',
    name: 'p',
    protocol,
    baseUrl: 'http://up',
    headers: {},
    secrets: [],
    builtin: false,
    apiKey: CONFIGURED,
  }) as Provider;

describe('a Sluice token sent as the SDK’s key stands for the configured key, and never goes upstream', () => {
  const cases: [string, Provider['protocol'], Record<string, string>, string][] = [
    ['Authorization: Bearer', 'openai-chat', { authorization: `Bearer ${TOKEN}` }, 'authorization'],
    ['x-api-key', 'anthropic-messages', { 'x-api-key': TOKEN }, 'x-api-key'],
    ['x-goog-api-key', 'gemini', { 'x-goog-api-key': TOKEN }, 'x-goog-api-key'],
  ];
  it.each(cases)('%s', (_form, protocol, headers, keyHeader) => {
    const incoming = { 'content-type': 'application/json', ...headers };
    expect(ownCredential(incoming, '/v1/x')).toBe(false);
    const out = upstreamHeaders(incoming, provider(protocol), true);
    expect(JSON.stringify(out)).not.toContain(TOKEN);
    expect(String(out[keyHeader])).toContain(CONFIGURED);
  });

  it('x-sluice-token beside the app’s own key: the own key passes, the token does not', () => {
    const incoming = { authorization: 'Bearer sk-own-key-5678', 'x-sluice-token': TOKEN };
    expect(ownCredential(incoming, '/v1/x')).toBe(true);
    const out = upstreamHeaders(incoming, provider('openai-chat'), false);
    expect(out.authorization).toBe('Bearer sk-own-key-5678');
    expect(JSON.stringify(out)).not.toContain(TOKEN);
    expect(credentialValues(incoming, '/v1/x')).toContain(TOKEN);
  });

  it('?key=token is taken out of the query, as the placeholder is; other parameters stay', () => {
    expect(ownCredential({}, `/m:stream?alt=sse&key=${TOKEN}`)).toBe(false);
    expect(withoutPlaceholder(`/proxy/p/m:stream?alt=sse&key=${TOKEN}`)).toBe('/proxy/p/m:stream?alt=sse');
    expect(withoutPlaceholder(`/proxy/p/m:stream?key=${TOKEN}&alt=sse`)).toBe('/proxy/p/m:stream?alt=sse');
    expect(withoutPlaceholder(`/proxy/p/m?key=${TOKEN}`)).toBe('/proxy/p/m');
    expect(withoutPlaceholder(`/proxy/p/m?key=${encodeURIComponent(TOKEN).replace('s', '%73')}`)).toBe('/proxy/p/m');
    expect(withoutPlaceholder(`/proxy/p/m?key=${PLACEHOLDER_KEY}&alt=sse`)).toBe('/proxy/p/m?alt=sse');
    // The app's own key in the query is its own: it stays.
    expect(withoutPlaceholder('/proxy/p/m?key=AIzaOwn&alt=sse')).toBe('/proxy/p/m?key=AIzaOwn&alt=sse');
    expect(ownCredential({}, '/proxy/p/m?key=AIzaOwn')).toBe(true);
  });
});
