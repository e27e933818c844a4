import { describe, expect, it } from 'vitest';
import { newToken, tokenHash, TOKEN_PREFIX } from '@/lib/server/store/token-store';
import { isSluiceToken, sluiceToken } from './sluice-token';

const TOKEN = `${TOKEN_PREFIX}AAAAbbbbCCCCddddEEEEffffGGGGhhhhIIIIjjjjKKK`;
const OTHER = `${TOKEN_PREFIX}ZZZZbbbbCCCCddddEEEEffffGGGGhhhhIIIIjjjjKKK`;

describe('sluiceToken: every form a client sends a token in, read by one function', () => {
  const forms: [string, Record<string, string>, string][] = [
    ['x-sluice-token', { 'x-sluice-token': TOKEN }, '/proxy/p/v1/chat'],
    ['Authorization: Bearer', { authorization: `Bearer ${TOKEN}` }, '/proxy/p/v1/chat'],
    ['Authorization, scheme in lower case', { authorization: `bearer ${TOKEN}` }, '/proxy/p/v1/chat'],
    ['x-api-key', { 'x-api-key': TOKEN }, '/proxy/p/v1/messages'],
    ['x-goog-api-key', { 'x-goog-api-key': TOKEN }, '/proxy/p/v1beta/models/m:generateContent'],
    ['api-key (Azure)', { 'api-key': TOKEN }, '/proxy/p/openai/deployments/d/chat/completions'],
    ['?key=', {}, `/proxy/p/v1beta/models/m:streamGenerateContent?alt=sse&key=${TOKEN}`],
    ['?key= percent-encoded', {}, `/proxy/p/v1beta/models/m?key=${encodeURIComponent(TOKEN).replace('s', '%73')}`],
    ['?api_key=, first in the query', {}, `/proxy/p/v1/x?api_key=${TOKEN}&alt=sse`],
  ];

  it.each(forms)('%s, as Node gives headers and as a Request does', (_form, headers, url) => {
    expect(sluiceToken(headers, url)).toEqual({ token: TOKEN });
    expect(sluiceToken(new Headers(headers), `http://127.0.0.1:3000${url}`)).toEqual({ token: TOKEN });
  });

  it('a provider key in any form is not a token', () => {
    expect(
      sluiceToken(
        { authorization: 'Bearer sk-proj-abc', 'x-api-key': 'sk-ant-xyz', 'x-goog-api-key': 'AIzaSy123' },
        '/proxy/p/v1?key=AIzaSy123',
      ),
    ).toBeUndefined();
    expect(sluiceToken({}, '/proxy/p/v1/chat')).toBeUndefined();
  });

  it('the same token in two forms is that token; two different ones are refused, never one picked', () => {
    expect(sluiceToken({ 'x-sluice-token': TOKEN, authorization: `Bearer ${TOKEN}` }, `/p?key=${TOKEN}`)).toEqual({
      token: TOKEN,
    });
    expect(sluiceToken({ 'x-sluice-token': TOKEN, 'x-api-key': OTHER }, '/p')).toEqual({ conflicting: true });
    expect(sluiceToken({ authorization: `Bearer ${TOKEN}` }, `/p?key=${OTHER}`)).toEqual({ conflicting: true });
  });

  it('any value of x-sluice-token is taken for a token (a wrong one is refused later, not ignored)', () => {
    expect(sluiceToken({ 'x-sluice-token': 'not-a-token' }, '/p')).toEqual({ token: 'not-a-token' });
    // Repeated, Node joins them: one value that is no token, refused.
    expect(sluiceToken({ 'x-sluice-token': [TOKEN, OTHER] as unknown as string }, '/p')).toEqual({
      token: `${TOKEN}, ${OTHER}`,
    });
  });

  it('a key merely containing the prefix elsewhere is not a token', () => {
    expect(isSluiceToken(`sk-${TOKEN_PREFIX}abc`)).toBe(false);
    expect(sluiceToken({ 'x-api-key': `sk-${TOKEN_PREFIX}abc` }, '/p?key=x&sluice_=1')).toBeUndefined();
  });
});

describe('new tokens', () => {
  it('carry the prefix and at least 128 random bits, and are stored as their SHA-256', () => {
    const a = newToken();
    const b = newToken();
    expect(a.startsWith(TOKEN_PREFIX)).toBe(true);
    expect(Buffer.from(a.slice(TOKEN_PREFIX.length), 'base64url').byteLength).toBeGreaterThanOrEqual(16);
    expect(a).not.toBe(b);
    expect(tokenHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(a)).not.toContain(a.slice(TOKEN_PREFIX.length));
  });
});
