/**
 * Personal tokens (issue 40) on a real server with sign-in on (SLUICE_AUTH=proxy, plain
 * headers from the loopback "proxy"), for two users: a token made and shown once, kept
 * as its hash; used in every form a client sends one against the recording proxy and
 * the scripted upstream, which sees the configured key and never the token; the
 * capture its holder's; revoked, refused in every form; another's not revocable; and
 * the admin's usage totals per user, matching what was seeded and sent.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CapturePage } from '@/lib/api/captures';
import type { CreatedToken, UserUsage } from '@/lib/api/tokens';
import { connect, openStore } from '@/lib/server/store';
import { SECRET_KEY } from './support/global-setup';
import { upstreamLog } from './support/http';
import { startNextServer, type RunningServer } from './support/next-server';

const ADA = { 'x-test-user': 'ada', 'x-test-email': 'ada@example.com' };
const BOB = { 'x-test-user': 'bob', 'x-test-email': 'bob@example.com' };
const env = {
  SLUICE_DATA_DIR: mkdtempSync(join(tmpdir(), 'sluice-data-tokens-')),
  SLUICE_CONFIG: inject('configPath'),
  SLUICE_TEST_KEY: SECRET_KEY,
  SLUICE_AUTH: 'proxy',
  SLUICE_AUTH_USER_HEADER: 'x-test-user',
  SLUICE_AUTH_EMAIL_HEADER: 'x-test-email',
  SLUICE_TRUSTED_PROXIES: '127.0.0.1',
  SLUICE_ADMIN_EMAILS: 'ada@example.com',
};
let server: RunningServer;

/** Replies seeded for each user, with the usage and cost their rows store. */
const SEEDED = {
  ada: [
    { inputTokens: 100, outputTokens: 40, usd: 0.5 },
    { inputTokens: 10, outputTokens: 5 },
  ],
  bob: [{ inputTokens: 7, outputTokens: 3, usd: 0.25 }],
};

beforeAll(async () => {
  // Ada and Bob as they would be after their first sign-in, each with a conversation.
  await (await openStore(env)).close();
  const sql = await connect(env);
  for (const [who, replies] of Object.entries(SEEDED)) {
    await sql.query(`insert into users (id, issuer, subject, email) values ($1, 'proxy-header', $2, $3)`, [
      `user-${who}`,
      who,
      `${who}@example.com`,
    ]);
    await sql.query(`insert into conversations (id, title, owner_id) values ($1, 'secret title', $2)`, [
      `c-${who}`,
      `user-${who}`,
    ]);
    let seq = 0;
    for (const { usd, ...usage } of replies) {
      await sql.query(`insert into messages (id, conversation_id, seq, role, body) values ($1, $2, $3, 'user', $4)`, [
        `m-${who}-${seq}`,
        `c-${who}`,
        seq++,
        JSON.stringify({ content: 'a secret prompt' }),
      ]);
      await sql.query(
        `insert into messages (id, conversation_id, seq, role, status, body) values ($1, $2, $3, 'assistant', 'complete', $4)`,
        [
          `m-${who}-${seq}`,
          `c-${who}`,
          seq++,
          JSON.stringify({
            provider: 'up-chat',
            model: 'm',
            protocol: 'openai-chat',
            text: 'a secret reply',
            usage,
            cost: usd === undefined ? null : { usd, input: 0, cachedInput: 0, cacheWrite: 0, output: 0 },
          }),
        ],
      );
    }
  }
  await sql.close();
  server = await startNextServer(env);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(env.SLUICE_DATA_DIR, { recursive: true, force: true });
});

const api = (path: string, who: Record<string, string>, init: RequestInit = {}) =>
  fetch(`${server.origin}${path}`, { ...init, headers: { ...who, ...(init.headers as Record<string, string>) } });

async function newToken(who: Record<string, string>, name: string): Promise<CreatedToken> {
  const response = await api('/api/tokens', who, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedToken;
}

type Form = 'x-sluice-token' | 'Authorization: Bearer' | 'x-api-key' | '?key=';
const FORMS: Form[] = ['x-sluice-token', 'Authorization: Bearer', 'x-api-key', '?key='];

/** A non-streamed request through the proxy with the token in one form; `mark` finds it in the upstream's log. */
function viaProxy(form: Form, token: string, mark: string): Promise<Response> {
  const anthropic = form === 'x-api-key';
  const path = anthropic
    ? '/proxy/up-anthropic/v1/messages'
    : `/proxy/up-chat/chat/completions${form === '?key=' ? `?key=${token}` : ''}`;
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-test-mark': mark };
  if (form === 'x-sluice-token') headers['x-sluice-token'] = token;
  if (form === 'Authorization: Bearer') headers.authorization = `Bearer ${token}`;
  if (anthropic) headers['x-api-key'] = token;
  return fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ model: 'json-reply', max_tokens: 10, messages: [{ role: 'user', content: mark }] }),
  });
}

const marked = async (mark: string) => (await upstreamLog()).filter((e) => e.headers['x-test-mark'] === mark);

/** Until every capture either user sees has been written as it ended. */
/** Waits until each user's captures are all stored (a capture is written as its exchange ends, after the app has its reply) and settled. */
async function capturesSettled(counts: { ada: number; bob: number }): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const pages = await Promise.all(
      [ADA, BOB].map(async (who) => (await (await api('/api/captures?limit=200', who)).json()) as CapturePage),
    );
    const stored = pages[0]!.items.length === counts.ada && pages[1]!.items.length === counts.bob;
    if (stored && pages.every((page) => page.items.every((c) => c.status !== 'streaming' && c.usage))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('captures never settled');
}

let adaToken: CreatedToken;
let bobToken: CreatedToken;

describe('personal tokens with sign-in on', () => {
  it('a token is shown once when made, and listed by name to its owner only', async () => {
    adaToken = await newToken(ADA, 'ci evals');
    expect(adaToken.token).toMatch(/^sluice_[A-Za-z0-9_-]{43}$/);
    expect(adaToken).toMatchObject({ name: 'ci evals', createdAt: expect.any(String) });
    const listed = await (await api('/api/tokens', ADA)).text();
    expect(JSON.parse(listed)).toEqual({ tokens: [{ id: adaToken.id, name: 'ci evals', createdAt: adaToken.createdAt }] });
    expect(listed).not.toContain(adaToken.token);
    expect(await (await api('/api/tokens', BOB)).json()).toEqual({ tokens: [] });
    // The API takes the token as its holder, whatever identity headers say, in any form.
    expect(await (await api('/api/tokens', { ...BOB, 'x-sluice-token': adaToken.token })).json()).toMatchObject({
      tokens: [{ id: adaToken.id }],
    });
    expect(await (await api('/api/me', { authorization: `Bearer ${adaToken.token}` })).json()).toMatchObject({
      email: 'ada@example.com',
      admin: true,
    });
  });

  it.each(FORMS)('through the proxy as %s: the upstream sees the configured key, never the token', async (form) => {
    const mark = `ada ${form}`;
    const response = await viaProxy(form, adaToken.token, mark);
    expect(response.status).toBe(200);
    const [seen, ...more] = await marked(mark);
    expect(more).toEqual([]);
    if (form === 'x-api-key') expect(seen!.headers['x-api-key']).toBe(SECRET_KEY);
    else expect(seen!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(seen!.path).not.toContain('key=');
    expect(JSON.stringify(seen)).not.toContain('sluice_');
  });

  it('without a token the proxy is a 401 naming x-sluice-token, identity headers or the app’s own key notwithstanding', async () => {
    const unsigned: Record<string, string>[] = [{}, ADA, { authorization: 'Bearer sk-own-key-1234' }];
    for (const headers of unsigned) {
      const response = await fetch(`${server.origin}/proxy/up-chat/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-test-mark': 'no token', ...headers },
        body: JSON.stringify({ model: 'json-reply', messages: [] }),
      });
      expect(response.status).toBe(401);
      const body = (await response.json()) as { error: { type: string; message: string } };
      expect(body.error.type).toBe('sign_in_required');
      expect(body.error.message).toContain('x-sluice-token');
    }
    expect(await marked('no token')).toEqual([]);
  });

  it('another user cannot revoke the token (404); its owner can, and then it is refused in every form', async () => {
    bobToken = await newToken(BOB, 'bob laptop');
    expect((await api(`/api/tokens/${adaToken.id}`, BOB, { method: 'DELETE' })).status).toBe(404);
    expect((await viaProxy('x-sluice-token', adaToken.token, 'still works')).status).toBe(200);
    expect((await viaProxy('Authorization: Bearer', bobToken.token, 'bob')).status).toBe(200);

    expect((await api(`/api/tokens/${adaToken.id}`, ADA, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/api/tokens/${adaToken.id}`, ADA, { method: 'DELETE' })).status).toBe(404);
    expect(await (await api('/api/tokens', ADA)).json()).toEqual({ tokens: [] });
    for (const form of FORMS) {
      const response = await viaProxy(form, adaToken.token, `revoked ${form}`);
      expect(response.status).toBe(401);
      expect(await marked(`revoked ${form}`)).toEqual([]);
    }
    // The API refuses it too, and never falls back to the identity headers beside it.
    const refused = await api('/api/tokens', { ...ADA, 'x-sluice-token': adaToken.token });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('revoked');
    // Two different tokens in two forms: refused, not one of them picked.
    expect((await api('/api/tokens', { 'x-sluice-token': bobToken.token, 'x-api-key': adaToken.token })).status).toBe(401);
  });

  it('admins see usage totals per user, and no one else does', async () => {
    // Five exchanges of Ada's went upstream (four forms, and one more before she revoked), one of Bob's; 12 in and 6 out each.
    await capturesSettled({ ada: 5, bob: 1 });
    expect((await api('/api/admin/usage', BOB)).status).toBe(403);
    expect((await api('/api/admin/usage', { 'x-sluice-token': bobToken.token })).status).toBe(403);
    const response = await api('/api/admin/usage', ADA);
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const content of ['secret title', 'secret prompt', 'secret reply', 'A whole answer'])
      expect(text).not.toContain(content);
    const { users } = JSON.parse(text) as { users: UserUsage[] };
    const total = (replies: (typeof SEEDED)['ada']) => ({
      count: replies.length,
      inputTokens: replies.reduce((n, r) => n + r.inputTokens, 0),
      outputTokens: replies.reduce((n, r) => n + r.outputTokens, 0),
      usd: replies.reduce((n, r) => n + (r.usd ?? 0), 0),
    });
    const exchanges = (n: number) => ({ count: n, inputTokens: 12 * n, outputTokens: 6 * n, usd: 0 });
    expect(users).toEqual([
      { id: 'user-ada', email: 'ada@example.com', admin: true, replies: total(SEEDED.ada), captures: exchanges(5) },
      { id: 'user-bob', email: 'bob@example.com', admin: false, replies: total(SEEDED.bob), captures: exchanges(1) },
    ]);
  });

  it('the database keeps each token’s hash, never the token; each capture is its token holder’s', async () => {
    await server.stop();
    const sql = await connect(env);
    try {
      const { rows } = await sql.query<Record<string, unknown>>('select * from tokens order by created_at');
      expect(rows.map((r) => [r.owner_id, r.name, r.hash, r.revoked_at !== null, r.last_used_at !== null])).toEqual([
        ['user-ada', 'ci evals', createHash('sha256').update(adaToken.token).digest('hex'), true, true],
        ['user-bob', 'bob laptop', createHash('sha256').update(bobToken.token).digest('hex'), false, true],
      ]);
      for (const token of [adaToken, bobToken]) expect(JSON.stringify(rows)).not.toContain(token.token);
      const captures = await sql.query<{ owner_id: string; mark: string; request: string }>(
        `select owner_id, request->'headers'->>'x-test-mark' as mark, request::text as request from captures order by started_at`,
      );
      expect(captures.rows.map((c) => [c.mark, c.owner_id])).toEqual([
        ...FORMS.map((form) => [`ada ${form}`, 'user-ada']),
        ['still works', 'user-ada'],
        ['bob', 'user-bob'],
      ]);
      for (const c of captures.rows) expect(c.request).not.toContain('sluice_');
      // Request bodies are kept apart, in blocks (lib/server/store/body-blocks.ts).
      const blocks = await sql.query<{ text: string }>('select seam || text as text from body_blocks');
      expect(blocks.rows.length).toBeGreaterThan(0);
      for (const block of blocks.rows) expect(block.text).not.toContain('sluice_');
    } finally {
      await sql.close();
    }
  });
});
