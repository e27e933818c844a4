import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readUntil, sleep, user } from './support/http';
import { startNextServer, type RunningServer } from './support/next-server';
import { freshPgDatabase } from './support/postgres';
import { redisServerBinary, startRedis, type RunningRedis } from './support/redis';

/**
 * Issue 40: two people on two instances behind one address (PostgreSQL and Redis shared),
 * signed in by the reverse proxy in front (SLUICE_AUTH=proxy, its plain headers believed
 * from 127.0.0.1 only). Whatever Alice makes, Bob can neither read, change, join, stop,
 * export nor find, through either instance: each answer is the 404 of an id that never
 * existed.
 */

const redisBinary = redisServerBinary();
const pgUrl = process.env.TEST_DATABASE_URL;

type Who = 'alice' | 'bob';
const as = (who: Who, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: {
    'x-test-user': who,
    'x-test-email': `${who}@example.com`,
    ...(init.body ? { 'content-type': 'application/json' } : {}),
    ...init.headers,
  },
});
const json = (body: unknown) => JSON.stringify(body);

describe.skipIf(!redisBinary || !pgUrl)('two users on two instances (SLUICE_AUTH=proxy)', () => {
  const running: { redis?: RunningRedis; a?: RunningServer; b?: RunningServer; drop?: () => Promise<void> } = {};
  beforeAll(async () => {
    const db = await freshPgDatabase(pgUrl!);
    running.drop = db.drop;
    running.redis = await startRedis(redisBinary!);
    const env = {
      SLUICE_CONFIG: inject('configPath'),
      DATABASE_URL: db.url,
      REDIS_URL: running.redis.url,
      SLUICE_AUTH: 'proxy',
      SLUICE_AUTH_USER_HEADER: 'x-test-user',
      SLUICE_AUTH_EMAIL_HEADER: 'x-test-email',
      SLUICE_TRUSTED_PROXIES: '127.0.0.1',
      SLUICE_CASSETTE_DIR: mkdtempSync(join(tmpdir(), 'sluice-cassettes-')),
    };
    [running.a, running.b] = await Promise.all([startNextServer(env), startNextServer(env)]);
  });
  afterAll(async () => {
    await Promise.allSettled([running.a?.stop(), running.b?.stop()]);
    await running.redis?.stop();
    await running.drop?.();
  });

  it('a request with no identity, or one from an address that is not a trusted proxy, is a 401', async () => {
    const a = running.a!.origin;
    const none = await fetch(`${a}/api/conversations`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { type: string } }).error.type).toBe('sign_in_required');
    // The same header from 127.0.0.2 (loopback, but not the trusted proxy) names nobody.
    const forged = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${a}/api/conversations`);
      httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          localAddress: '127.0.0.2',
          headers: { 'x-test-user': 'alice' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(forged).toBe(401);
    // A client cannot pass for a proxy by writing the peer header itself.
    const stamped = await fetch(`${a}/api/conversations`, {
      headers: { 'x-sluice-peer': 'forged 127.0.0.1', 'x-test-user': 'alice' },
    });
    expect(stamped.status).toBe(200); // from 127.0.0.1 itself: the header was overwritten, not believed
    const page = await fetch(`${a}/`, { redirect: 'manual' });
    expect([302, 303, 307]).toContain(page.status);
    expect(page.headers.get('location')).toMatch(/\/sign-in/);
  });

  it("nothing of Alice's is Bob's, through either instance", async () => {
    const [a, b] = [running.a!.origin, running.b!.origin];
    // Alice: a chat whose reply streams for 10 s, a finished chat, a compare session, a vote.
    const started = await fetch(
      `${a}/api/chat`,
      as('alice', {
        method: 'POST',
        body: json({ provider: 'up-chat', model: 'slow', messages: user('alice secret walrus'), requestId: 'same-id' }),
      }),
    );
    expect(started.status).toBe(200);
    const conversationId = started.headers.get('x-conversation-id')!;
    const replyId = started.headers.get('x-sluice-message-id')!;
    await readUntil(started, (n) => n > 200);
    const compare = (await (
      await fetch(`${a}/api/compares`, as('alice', { method: 'POST', body: json({ title: 'walrus race' }) }))
    ).json()) as { id: string };

    // Alice sees it all on both instances.
    for (const origin of [a, b]) {
      expect((await fetch(`${origin}/api/conversations/${conversationId}`, as('alice'))).status).toBe(200);
      expect((await fetch(`${origin}/api/compares/${compare.id}`, as('alice'))).status).toBe(200);
      const join = await fetch(`${origin}/api/chat/${replyId}/stream?from=0`, as('alice'));
      expect(join.status).toBe(200);
      await join.body!.cancel();
      const listed = (await (await fetch(`${origin}/api/conversations?q=walrus`, as('alice'))).json()) as {
        conversations: { id: string }[];
      };
      expect(listed.conversations.map((c) => c.id)).toContain(conversationId);
    }

    for (const origin of [a, b]) {
      const bob = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(`${origin}${path}`, as('bob', init));
        const text = await response.text();
        return { status: response.status, text };
      };
      const notFound = async (path: string, init: RequestInit = {}) => {
        const { status, text } = await bob(path, init);
        expect(status, `${init.method ?? 'GET'} ${path} on ${origin}`).toBe(404);
        expect(text).not.toContain('walrus');
      };
      await notFound(`/api/conversations/${conversationId}`);
      await notFound(`/api/conversations/${conversationId}`, { method: 'PATCH', body: json({ title: 'mine now' }) });
      await notFound(`/api/conversations/${conversationId}/fork`, { method: 'POST' });
      await notFound(`/api/conversations/${conversationId}/messages/${replyId}`);
      await notFound(`/api/conversations/${conversationId}/messages/${replyId}/events`);
      await notFound(`/api/conversations/${conversationId}/messages/${replyId}/show`, { method: 'POST' });
      await notFound(`/api/chat/${replyId}/stream?from=0`);
      await notFound(`/api/chat/${replyId}/times?from=0`);
      await notFound(`/api/chat/${replyId}/stop`, { method: 'POST' });
      await notFound(`/api/chat/same-id/stop`, { method: 'POST' }); // Alice's requestId is not Bob's
      await notFound(`/api/chat/${replyId}/upstream-body`);
      await notFound(`/api/compares/${compare.id}`);
      await notFound(`/api/compares/${compare.id}/vote`, { method: 'POST', body: json({ verdict: { kind: 'tie' } }) });
      // Continuing her chat, racing in her session, replaying her reply.
      await notFound('/api/chat', {
        method: 'POST',
        body: json({ provider: 'up-chat', model: 'm', messages: user('x'), conversationId }),
      });
      await notFound('/api/chat', {
        method: 'POST',
        body: json({ provider: 'up-chat', model: 'm', messages: user('x'), compare: { id: compare.id, pane: 0 } }),
      });
      await notFound('/api/chat', { method: 'POST', body: json({ provider: 'replay', model: replyId, messages: user('x') }) });
      await notFound(`/c/${conversationId}`);
      await notFound(`/race/${compare.id}`);
      // Search and lists find nothing of hers; the diff page and the replay list do not offer her reply.
      const list = await bob('/api/conversations?q=walrus');
      expect(JSON.parse(list.text)).toEqual({ conversations: [] });
      expect((await bob('/api/conversations')).text).not.toContain(conversationId);
      expect((await bob(`/diff?a=${replyId}`)).text).not.toContain('walrus');
      expect((await bob('/api/providers')).text).not.toContain(replyId);
      // Her reply's upstream, without the relay's grant: refused whoever asks.
      expect(
        (await fetch(`${origin}/replay/${replyId}/v1/chat/completions`, as('alice', { method: 'POST', body: '{}' }))).status,
      ).toBe(401);
    }

    // Her captures, her recordings and her cassettes, by her personal token: Bob's token reaches none of them.
    const tokenOf = async (who: Who) =>
      (
        (await (await fetch(`${a}/api/tokens`, as(who, { method: 'POST', body: json({ name: 'ci' }) }))).json()) as {
          token: string;
        }
      ).token;
    const [aliceToken, bobToken] = [await tokenOf('alice'), await tokenOf('bob')];
    const proxied = await fetch(`${a}/proxy/up-chat/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sluice-token': aliceToken, 'x-sluice-cassette': 'ci' },
      body: json({ model: 'json-reply', messages: [{ role: 'user', content: 'alice walrus capture' }] }),
    });
    expect(proxied.status).toBe(200);
    await proxied.text();
    let captureId: string | undefined;
    for (let i = 0; i < 100 && !captureId; i++, await sleep(50)) {
      const page = (await (await fetch(`${b}/api/captures`, as('alice'))).json()) as { items: { id: string; status: string }[] };
      captureId = page.items.find((c) => c.status === 'complete')?.id;
    }
    expect(captureId).toBeDefined();
    for (let i = 0; i < 100 && !(await fetch(`${b}/api/cassettes/ci`, as('alice'))).ok; i++) await sleep(50);
    for (const origin of [a, b]) {
      for (const path of [
        `/api/captures/${captureId}`,
        `/api/captures/${captureId}/har`,
        `/traffic/${captureId}`,
        '/api/cassettes/ci',
      ])
        expect((await fetch(`${origin}${path}`, as('bob'))).status, path).toBe(404);
      expect((await fetch(`${origin}/api/captures/${captureId}`, as('alice'))).status).toBe(200);
      expect((await fetch(`${origin}/api/cassettes/ci`, as('alice'))).status).toBe(200);
      expect(await (await fetch(`${origin}/api/captures`, as('bob'))).text()).not.toContain(captureId);
      expect(await (await fetch(`${origin}/api/cassettes`, as('bob'))).text()).not.toContain('"ci"');
      expect((await fetch(`${origin}/api/captures/${captureId}`, as('bob', { method: 'DELETE' }))).status).toBe(404);
      // Replaying her reply as an upstream: her token may, Bob's finds nothing.
      const replay = (token: string) =>
        fetch(`${origin}/replay/${replyId}/v1/chat/completions?pace=instant`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sluice-token': token },
          body: '{}',
        });
      expect((await replay(bobToken)).status).toBe(404);
    }

    // The live capture feed, on the other instance: Bob hears of his own capture, never of hers made before it.
    const feed = await fetch(`${b}/api/captures/live`, as('bob'));
    const feedReader = feed.body!.getReader();
    const proxy = (token: string, content: string) =>
      fetch(`${a}/proxy/up-chat/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sluice-token': token },
        body: json({ model: 'json-reply', messages: [{ role: 'user', content }] }),
      }).then((r) => r.text());
    await feedReader.read(); // the feed's opening comment: subscribed
    await proxy(aliceToken, 'alice feed walrus');
    await proxy(bobToken, 'bob feed narwhal');
    let heard = '';
    while (!heard.includes('"status":"complete"')) {
      const { value, done } = await feedReader.read();
      if (done) break;
      heard += new TextDecoder().decode(value);
    }
    expect(heard).toContain('"type":"capture"');
    const bobsCaptures = (await (await fetch(`${b}/api/captures`, as('bob'))).json()) as { items: { id: string }[] };
    // Each capture the feed told of (its own id, not the run it names) is one of Bob's.
    const told = [...heard.matchAll(/"capture":\{"id":"([0-9a-f-]{36})"/g)].map((m) => m[1]);
    expect(told.length).toBeGreaterThan(0);
    for (const id of told) expect(bobsCaptures.items.map((c) => c.id)).toContain(id);
    await feedReader.cancel();

    // Her reply is still streaming, untouched by Bob's stops.
    const still = await fetch(`${b}/api/chat/${replyId}/stream?from=0`, as('alice'));
    const text = await still.text();
    expect(text).not.toMatch(/"reason":"stopped"/);
    // Rows made by each are theirs alone: Bob's own chat is his, and Alice does not see it.
    const mine = await fetch(
      `${b}/api/chat`,
      as('bob', { method: 'POST', body: json({ provider: 'up-chat', model: 'utf8-slow', messages: user('bob narwhal') }) }),
    );
    const bobsConversation = mine.headers.get('x-conversation-id')!;
    await mine.text();
    for (let i = 0; i < 100 && (await fetch(`${a}/api/conversations/${bobsConversation}`, as('bob'))).status !== 200; i++)
      await sleep(50);
    expect((await fetch(`${a}/api/conversations/${bobsConversation}`, as('bob'))).status).toBe(200);
    expect((await fetch(`${a}/api/conversations/${bobsConversation}`, as('alice'))).status).toBe(404);
    // A delete of someone else's is a 404, and leaves it.
    expect((await fetch(`${a}/api/conversations/${conversationId}`, as('bob', { method: 'DELETE' }))).status).toBe(404);
    expect((await fetch(`${a}/api/conversations/${conversationId}`, as('alice'))).status).toBe(200);
  });

  it('a token revoked on one instance is refused at once by the other, which had it cached', async () => {
    const [a, b] = [running.a!.origin, running.b!.origin];
    const made = (await (
      await fetch(`${a}/api/tokens`, as('alice', { method: 'POST', body: json({ name: 'revoked' }) }))
    ).json()) as {
      id: string;
      token: string;
    };
    const through = (origin: string) =>
      fetch(`${origin}/proxy/up-chat/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sluice-token': made.token },
        body: json({ model: 'json-reply', messages: [{ role: 'user', content: 'revocation' }] }),
      }).then(async (r) => (await r.text(), r.status));
    // Instance B has looked the token up, and keeps its holder for 10 s from then.
    const cachedAt = Date.now();
    expect(await through(b)).toBe(200);
    expect(await through(b)).toBe(200);
    expect((await fetch(`${a}/api/tokens/${made.id}`, as('alice', { method: 'DELETE' }))).status).toBe(204);
    expect(await through(a)).toBe(401);
    // Told through Redis, B refuses it before its cache entry would have run out.
    const deadline = cachedAt + 9_000;
    let status = await through(b);
    while (status !== 401 && Date.now() < deadline) {
      await sleep(50);
      status = await through(b);
    }
    expect(status).toBe(401);
  });
});

describe('SLUICE_AUTH=proxy with a signed assertion (a JWKS served by the test, as Cloudflare Access does)', () => {
  const ISSUER = 'https://team.example.cloudflareaccess.com';
  const AUDIENCE = 'sluice-aud-tag';
  const keys: { signing?: CryptoKey; stranger?: CryptoKey } = {};
  let jwks: Server | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    const pair = await generateKeyPair('ES256');
    keys.signing = pair.privateKey;
    keys.stranger = (await generateKeyPair('ES256')).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    jwks = createServer((_, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks!.listen(0, '127.0.0.1', resolve));
    server = await startNextServer({
      SLUICE_CONFIG: inject('configPath'),
      SLUICE_AUTH: 'proxy',
      SLUICE_AUTH_JWT_HEADER: 'Cf-Access-Jwt-Assertion',
      SLUICE_AUTH_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/cdn-cgi/access/certs`,
      SLUICE_AUTH_ISSUER: ISSUER,
      SLUICE_AUTH_AUDIENCE: AUDIENCE,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => jwks?.close(resolve));
  });

  const token = (claims: { sub?: string; aud?: string; iss?: string; exp?: number } = {}, key = keys.signing!) =>
    new SignJWT({ email: `${claims.sub ?? 'carol'}@example.com` })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject(claims.sub ?? 'carol')
      .setIssuer(claims.iss ?? ISSUER)
      .setAudience(claims.aud ?? AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 300)
      .sign(key);
  const list = (assertion: string) =>
    fetch(`${server!.origin}/api/conversations`, { headers: { 'cf-access-jwt-assertion': assertion } });

  it('takes a valid assertion, and refuses a bad signature, a wrong audience or issuer, an expired or an unsigned one', async () => {
    expect((await list(await token())).status).toBe(200);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: 'carol', iss: ISSUER, aud: AUDIENCE, exp: Math.floor(Date.now() / 1000) + 300 }),
    ).toString('base64url')}.`;
    const refused = {
      'bad signature': await token({}, keys.stranger!),
      'wrong audience': await token({ aud: 'another-app' }),
      'wrong issuer': await token({ iss: 'https://evil.example.com' }),
      expired: await token({ exp: Math.floor(Date.now() / 1000) - 60 }),
      unsigned,
      garbage: 'not-a-token',
    };
    for (const [why, assertion] of Object.entries(refused)) {
      const response = await list(assertion);
      expect(response.status, why).toBe(401);
      expect(((await response.json()) as { error: { type: string } }).error.type, why).toBe('sign_in_required');
    }
  });

  it("each subject's chats are its own", async () => {
    const carol = await token({ sub: 'carol' });
    const dave = await token({ sub: 'dave' });
    const started = await fetch(`${server!.origin}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-access-jwt-assertion': carol },
      body: json({ provider: 'up-chat', model: 'utf8-slow', messages: user('carol only') }),
    });
    const id = started.headers.get('x-conversation-id')!;
    await started.text();
    const read = (assertion: string) =>
      fetch(`${server!.origin}/api/conversations/${id}`, { headers: { 'cf-access-jwt-assertion': assertion } });
    for (let i = 0; i < 100 && (await read(carol)).status !== 200; i++) await sleep(50);
    expect((await read(carol)).status).toBe(200);
    expect((await read(dave)).status).toBe(404);
  });
});
