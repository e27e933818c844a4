import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertionReader } from './proxy-assertion';

/**
 * A signing proxy's side, for real: a key pair, its public half served as a JWKS over
 * HTTP on loopback (as Cloudflare Access or Google IAP publish theirs), tokens signed
 * with the private half, and the reader fetching the keys as it would in production.
 */
const ISSUER = 'https://team.example.cloudflareaccess.com';
const AUDIENCE = 'aud-tag-123';
const HEADER = 'cf-access-jwt-assertion';

let server: Server;
let jwksUrl: string;
let signing: CryptoKey;
let stranger: CryptoKey;
let fetches = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  signing = pair.privateKey;
  stranger = (await generateKeyPair('ES256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  server = createServer((_, response) => {
    fetches += 1;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One reader per header, as the server makes one when it starts. */
const readers = new Map<string, ReturnType<typeof assertionReader>>();
function read(token: string | undefined, header = HEADER) {
  if (!readers.has(header)) readers.set(header, assertionReader({ header, jwksUrl, issuer: ISSUER, audience: AUDIENCE }));
  return readers.get(header)!(new Headers(token ? { [header]: token } : {}));
}

/** A token as the proxy signs one; `claims` override its issuer or audience. */
function token(
  claims: { iss?: string; aud?: string } = {},
  { key = signing, expires = '5m' }: { key?: CryptoKey; expires?: string | number } = {},
) {
  return new SignJWT({ email: 'ada@example.com' })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setSubject('user-ada')
    .setIssuer(claims.iss ?? ISSUER)
    .setAudience(claims.aud ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(key);
}

/** `alg: none`: a token anyone can write. */
const unsigned = (claims: Record<string, unknown>) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

describe('a signed assertion from the proxy in front', () => {
  it('names the user when every check passes', async () => {
    expect(await read(await token())).toEqual({ subject: 'user-ada', issuer: ISSUER, email: 'ada@example.com', name: undefined });
    // The keys are fetched once, not on every request.
    await read(await token());
    expect(fetches).toBe(1);
  });

  it('reads the Authorization form (oauth2-proxy) as a bearer token', async () => {
    expect((await read(`Bearer ${await token()}`, 'authorization')).subject).toBe('user-ada');
  });

  it.each([
    ['missing', async () => undefined, /no cf-access-jwt-assertion assertion/],
    ['signed by another key', () => token({}, { key: stranger }), /signature does not verify/],
    ['for another audience', () => token({ aud: 'someone-else' }), /audience/],
    ['from another issuer', () => token({ iss: 'https://evil.example' }), /issuer/],
    ['expired', () => token({}, { expires: Math.floor(Date.now() / 1000) - 120 }), /expired/],
    [
      'unsigned (alg: none)',
      async () => unsigned({ sub: 'user-ada', iss: ISSUER, aud: AUDIENCE, exp: 9e9 }),
      /public-key|not a valid/,
    ],
    ['not a token at all', async () => 'hello', /not a valid signed token/],
  ])('is refused when %s', async (_, make, reason) => {
    await expect(read(await make())).rejects.toThrow(reason);
  });

  it('refuses a token without an expiry', async () => {
    const forever = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('user-ada')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .sign(signing);
    await expect(read(forever)).rejects.toThrow(/"exp" claim/);
  });
});
