/**
 * Only Sluice's own pages can drive Sluice, streams cannot hurt each other, and
 * secrets stay on the server: each attack of the security review, over real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { HEADER_SECRETS, LIMITS, SECRET_KEY } from './support/global-setup';
import { base, conversation, postChat, rawRequest, readChat, storedReply, upstreamLog, user } from './support/http';

const host = new URL(base).host;
const chatBody = JSON.stringify({ provider: 'sim-openai', model: 'sim-echo', messages: user('hello tokens=2 delay=0') });
const conversationCount = async () =>
  ((await (await fetch(`${base}/api/conversations?limit=200`)).json()) as { conversations: unknown[] }).conversations.length;

describe('the Host allowlist (DNS rebinding)', () => {
  it('refuses a foreign Host on reads and writes alike, saying which variable to set', async () => {
    for (const [method, path] of [
      ['GET', '/api/conversations'],
      ['GET', '/'],
      ['GET', '/api/providers'],
      ['DELETE', '/api/conversations/019a0000-0000-7000-8000-000000000000'],
    ] as const) {
      const answer = await rawRequest(method, path, { host: 'attacker.example:3000' });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(JSON.parse(answer.text).error).toMatchObject({
        type: 'forbidden_host',
        message: expect.stringContaining('SLUICE_ALLOWED_HOSTS'),
      });
      expect(answer.text).not.toContain('"conversations"');
    }
  });

  it('answers to loopback names: 127.0.0.1, localhost, *.localhost, [::1]', async () => {
    const port = new URL(base).port;
    for (const name of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `sluice.localhost:${port}`,
      `[::1]:${port}`,
      `127.0.0.2:${port}`,
    ]) {
      expect((await rawRequest('GET', '/api/health', { host: name })).status, name).toBe(200);
    }
  });
});

describe('cross-origin writes', () => {
  it('refuses a foreign Origin, Origin: null and a cross-site fetch, on every unsafe method, before the upstream is called', async () => {
    const before = await conversationCount();
    const attacks: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: `http://${host.replace(/:\d+$/, ':1')}` },
    ];
    for (const headers of attacks) {
      for (const [method, path] of [
        ['POST', '/api/chat'],
        ['POST', '/api/compares'],
        ['PATCH', '/api/conversations/x'],
        ['DELETE', '/api/conversations/x'],
        ['POST', '/api/sim/openai/v1/chat/completions'],
      ] as const) {
        const answer = await rawRequest(method, path, { host, 'content-type': 'application/json', ...headers }, chatBody);
        expect(answer.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(JSON.parse(answer.text).error.type).toBe('forbidden_origin');
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
    expect(await conversationCount()).toBe(before);
  });

  it('refuses a form-style text/plain or urlencoded body with 415', async () => {
    const before = await conversationCount();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const answer = await rawRequest('POST', '/api/chat', { host, 'content-type': type }, chatBody);
      expect(answer.status).toBe(415);
      expect(JSON.parse(answer.text).error.message).toContain('application/json');
    }
    expect(await conversationCount()).toBe(before);
  });

  it('lets its own pages, scripts and curl through: same Origin, Sec-Fetch-Site same-origin or none, or neither header', async () => {
    for (const headers of [{ origin: base }, { 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, {}] as Record<
      string,
      string
    >[]) {
      const answer = await rawRequest('POST', '/api/chat', { host, 'content-type': 'application/json', ...headers }, chatBody);
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(answer.text).toContain('hello');
    }
  });
});

describe('security headers', () => {
  it('every answer carries a CSP with frame-ancestors none, nosniff, DENY and a same-origin referrer policy; a page’s scripts carry its nonce', async () => {
    for (const path of ['/', '/api/health', '/api/conversations', '/c/019a0000-0000-7000-8000-000000000000']) {
      const response = await fetch(`${base}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'(;|$)/);
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      if (path === '/') {
        const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
        const html = await response.text();
        const scripts = html.match(/<script\b[^>]*>/g) ?? [];
        expect(scripts.length).toBeGreaterThan(1);
        for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      }
    }
    const asset = (await (await fetch(`${base}/`)).text()).match(/\/_next\/static\/[^"]+\.js/)![0];
    expect((await fetch(`${base}${asset}`)).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the benchmarks’ pages are not served by a production build', async () => {
    for (const path of ['/bench/ui', '/bench/log']) expect((await fetch(`${base}${path}`)).status).toBe(404);
  });
});

describe('markers the upstream cannot forge', () => {
  it('an upstream comment shaped like an end marker (no nonce, a guessed one, null) is relayed as it came, and read as a comment', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'forged-marker', messages: user('x') });
    const { text, message, bffEnd } = await readChat(response);
    expect(text).toContain(
      ': sluice end {"reason":"upstream-connection-lost","message":"forged by the upstream"}\n: sluice end null\n',
    );
    expect(bffEnd).toEqual({ reason: 'upstream-eof' });
    expect(message).toMatchObject({ status: 'complete', text: 'the real reply' });
    expect(await storedReply(response.headers.get('x-conversation-id')!)).toMatchObject({
      status: 'complete',
      text: 'the real reply',
    });
  });
});

describe('bounded streams, isolated from each other', () => {
  it('a line without end aborts its upstream and is stored as an error naming the limit, while a concurrent reply completes', async () => {
    const [hostile, fine] = await Promise.all([
      postChat({ provider: 'up-chat', model: 'long-line', messages: user('x') }),
      postChat({ provider: 'up-chat', model: 'slow', messages: user('x') }),
    ]);
    const [bad, good] = await Promise.all([readChat(hostile), readChat(fine)]);
    expect(bad.bffEnd).toMatchObject({ reason: 'sse-limit', message: 'An SSE line passed 64 KiB without a line end.' });
    expect(bad.message).toMatchObject({ status: 'error', error: { code: 'sse-limit' } });
    expect(bad.text.length).toBeLessThan(LIMITS.maxLineBytes + 64 * 1024);
    expect(good.message.status).toBe('complete');
    expect(await storedReply(hostile.headers.get('x-conversation-id')!)).toMatchObject({
      status: 'error',
      error: { message: 'An SSE line passed 64 KiB without a line end.' },
    });
    expect((await storedReply(fine.headers.get('x-conversation-id')!)).status).toBe('complete');
    const upstream = (await upstreamLog()).findLast((e) => e.model === 'long-line')!;
    expect(upstream.disconnectedAt).toBeDefined();
  });

  it('an event that never ends is bounded too', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'fat-event', messages: user('x') });
    const { message } = await readChat(response);
    expect(message).toMatchObject({ status: 'error', error: { message: 'An SSE event passed 128 KiB without its blank line.' } });
    expect((await storedReply(response.headers.get('x-conversation-id')!)).status).toBe('error');
  });

  it('a reply past SLUICE_MAX_REPLY_BYTES is cut: the upstream aborted, the reply stored truncated with the reason', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'huge-reply', messages: user('x') });
    const { message, bffEnd, text } = await readChat(response);
    expect(bffEnd).toMatchObject({ reason: 'reply-too-large' });
    expect(message).toMatchObject({
      status: 'truncated',
      error: { code: 'reply-too-large', message: expect.stringContaining('4 MiB (SLUICE_MAX_REPLY_BYTES)') },
    });
    expect(text.length).toBeLessThan(LIMITS.maxReplyBytes + 64 * 1024);
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    expect(stored).toMatchObject({ status: 'truncated', error: { message: expect.stringContaining('SLUICE_MAX_REPLY_BYTES') } });
    expect(stored.text.length).toBeGreaterThan(LIMITS.maxReplyBytes / 2);
    expect((await upstreamLog()).findLast((e) => e.model === 'huge-reply')!.disconnectedAt).toBeDefined();
  });
});

describe('what the database cannot hold', () => {
  it('a NUL character in a reply (PostgreSQL stores none) is stored as U+FFFD; the reply is complete, never left streaming', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'nul-char', messages: user('x') });
    const { message } = await readChat(response);
    expect(message.text).toBe('before \u0000 after');
    expect(await storedReply(response.headers.get('x-conversation-id')!)).toMatchObject({
      status: 'complete',
      text: 'before \ufffd after',
    });
  });
});

describe('secrets outside apiKey', () => {
  const secrets = Object.values(HEADER_SECRETS);

  it('configured header values, a key inside a JSON header and baseUrl credentials go upstream but are shown nowhere', async () => {
    const response = await postChat({
      provider: 'up-gateway',
      model: 'fx:openai-chat:finish-length.sse',
      messages: user('gateway please'),
    });
    const { text, message } = await readChat(response);
    expect(message.status).toBe('complete');
    const sent = (await upstreamLog()).findLast((e) => e.path.startsWith('/v1/chat'))!.headers;
    expect(sent['helicone-auth']).toBe(`Bearer ${HEADER_SECRETS.helicone}`);
    expect(sent.authorization).toBe(`Basic ${Buffer.from(`gateway-user:${HEADER_SECRETS.urlPassword}`).toString('base64')}`);
    const id = response.headers.get('x-conversation-id')!;
    const stored = await conversation(id);
    const reply = stored.messages.at(-1) as { id: string };
    const events = await (await fetch(`${base}/api/conversations/${id}/messages/${reply.id}/events`)).text();
    const providers = await (await fetch(`${base}/api/providers`)).text();
    const home = await (await fetch(`${base}/`)).text();
    for (const shown of [text, JSON.stringify(stored), events, providers, home]) {
      for (const secret of secrets) expect(shown).not.toContain(secret);
      expect(shown).not.toContain(Buffer.from(`gateway-user:${HEADER_SECRETS.urlPassword}`).toString('base64'));
    }
    expect(text).toMatch(/"helicone-auth":"\[redacted\]"/i);
    expect(text).toMatch(/"x-portkey-config":"\[redacted\]"/);
  });

  it('a key the upstream echoes inside a 200 stream, split across reads, is replaced before it is relayed or stored', async () => {
    const response = await postChat({ provider: 'up-chat', model: 'echo-key', messages: user('x') });
    const { text, message } = await readChat(response);
    expect(text).not.toContain(SECRET_KEY);
    expect(text).toContain('Incorrect API key provided: [redacted]');
    expect(message.status).toBe('error');
    const stored = await storedReply(response.headers.get('x-conversation-id')!);
    expect(JSON.stringify(stored)).not.toContain(SECRET_KEY);
  });
});

describe('bounded and clear everywhere', () => {
  it('/api/sim takes at most 2 MiB', async () => {
    const big = JSON.stringify({
      model: 'sim-echo',
      stream: true,
      messages: [{ role: 'user', content: 'x'.repeat(3 * 1024 * 1024) }],
    });
    const response = await fetch(`${base}/api/sim/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('2 MiB');
  });

  it('over-deep JSON (a tool call’s arguments) is a 400 that names the depth', async () => {
    // Written out as text: JSON.stringify itself cannot go this deep.
    const args = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const body =
      '{"provider":"sim-openai","model":"sim-echo","messages":[{"role":"user","content":"x"},' +
      `{"role":"assistant","content":[{"type":"tool-call","id":"t1","name":"f","args":${args}}]}]}`;
    const response = await fetch(`${base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/nests JSON \d+ levels deep; at most 64/);
  });

  it('an out-of-range cursor is a 400', async () => {
    const response = await fetch(`${base}/api/conversations?cursor=${'9'.repeat(19)}:019a0000-0000-7000-8000-000000000000`);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain('cursor');
  });
});
