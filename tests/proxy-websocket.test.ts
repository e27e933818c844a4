/**
 * WebSocket upgrades through the recording proxy, over real HTTP: the official `ws`
 * client through `/proxy/{id}/responses` to a scripted upstream of the Responses API's
 * WebSocket mode (tests/support/ws-upstream.ts). Messages pass unchanged both ways, at
 * their pace, with pings and close codes; each response is a capture with its reply and
 * usage decoded, its HAR carries the messages as DevTools writes them, and no key shows.
 * A refused upgrade comes back as the upstream's HTTP answer, and is captured; an
 * upgrade Sluice cannot take is an HTTP answer too, never an empty reply.
 */
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import type { CaptureDetail, CapturePage, CaptureSummary } from '@/lib/api/captures';
import type { CreatedToken } from '@/lib/api/tokens';
import type { Har } from '@/lib/server/views/har';
import { SECRET_KEY } from './support/global-setup';
import { base, upstreamLog } from './support/http';
import { startNextServer, type RunningServer } from './support/next-server';
import type { WebSocketLogEntry } from './support/ws-upstream';

const wsBase = base.replace(/^http/, 'ws');
/** A marker in the URL and the prompt, so each test finds its own connection and captures. */
const tag = () => `t${Math.random().toString(36).slice(2, 10)}`;

/** Every message of one connection, in order, as the app got them, and its close. */
class App {
  readonly received: { data: string; binary: boolean }[] = [];
  readonly pongs: string[] = [];
  close?: { code: number; reason: string };
  private waiters: (() => void)[] = [];

  constructor(readonly socket: WebSocket) {
    socket.on('message', (raw, binary) => {
      const data = raw as Buffer;
      this.received.push({ data: binary ? data.toString('base64') : data.toString(), binary });
      this.wake();
    });
    socket.on('pong', (data) => {
      this.pongs.push(data.toString());
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.close = { code, reason: reason.toString() };
      this.wake();
    });
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Resolves once `done` holds (checked at each message, pong and the close). */
  async until(done: () => boolean): Promise<void> {
    while (!done()) {
      if (this.close && !done()) throw new Error(`closed (${this.close.code}) before the state was reached`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Until a message of this type has come, counting from `from`. */
  untilType(type: string, from = 0): Promise<void> {
    return this.until(() => this.received.slice(from).some((m) => !m.binary && m.data.includes(`"type":"${type}"`)));
  }

  send(data: string | Buffer): void {
    this.socket.send(data, { binary: typeof data !== 'string' });
  }
}

function open(path: string, options: WebSocket.ClientOptions = {}, origin = wsBase, protocols: string[] = []): Promise<App> {
  const socket = new WebSocket(`${origin}${path}`, protocols, options);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(new App(socket)));
    socket.once('error', reject);
  });
}

/** The upgrade's HTTP answer when it is not taken: its status, headers and body. */
function refusal(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    socket.once('open', () => reject(new Error('the upgrade was taken')));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    // ws reports the answer it did not expect as an error too, once it has handed it over.
    socket.once('error', () => {});
  });
}

/** The upstream's log of the connection whose URL holds `mark`. */
async function upstreamSide(mark: string): Promise<WebSocketLogEntry> {
  const entry = (await upstreamLog()).find((e) => e.path.includes(mark));
  if (!entry) throw new Error(`the upstream saw no connection ${mark}`);
  return entry as WebSocketLogEntry;
}

/** The captures whose request or reply holds `q`, each once it has ended, oldest first. */
async function capturesOf(
  q: string,
  count: number,
  origin = base,
  headers: Record<string, string> = {},
): Promise<CaptureDetail[]> {
  let items: CaptureSummary[] = [];
  await expect
    .poll(async () => {
      const page = (await (await fetch(`${origin}/api/captures?q=${q}`, { headers })).json()) as CapturePage;
      items = page.items;
      return items.filter((c) => c.status !== 'streaming').length;
    })
    .toBe(count);
  const details = await Promise.all(
    items.map(async (c) => (await (await fetch(`${origin}/api/captures/${c.id}`, { headers })).json()) as CaptureDetail),
  );
  return details.reverse();
}

const create = (model: string, input: string) => JSON.stringify({ type: 'response.create', model, input, store: false });

describe('WebSocket upgrades through the proxy', () => {
  it('relays the Responses API’s WebSocket mode unchanged both ways, each response a capture of its own', async () => {
    const mark = tag();
    const app = await open(`/proxy/up-responses/responses?t=${mark}`, {}, wsBase, ['responses.v1', 'other']);
    // The subprotocol the upstream chose comes through.
    expect(app.socket.protocol).toBe('responses.v1');

    app.send(create('ws-echo', `first ${mark}`));
    await app.untilType('response.completed');
    const firstCount = app.received.length;
    // Between two responses: an app's bookkeeping message, then a binary one (echoed), then a ping.
    app.send(JSON.stringify({ type: 'response.processed', response_id: 'resp_1' }));
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    app.send(bytes);
    await app.until(() => app.received.some((m) => m.binary));
    app.socket.ping('are you there');
    await app.until(() => app.pongs.length === 1);
    expect(app.pongs).toEqual(['are you there']);

    app.send(create('ws-echo', `second ${mark}`));
    await app.untilType('response.completed', firstCount + 1);
    app.socket.close(1000, 'bye');
    await app.until(() => app.close !== undefined);
    expect(app.close).toEqual({ code: 1000, reason: 'bye' });

    // Unchanged both ways: what the upstream sent is what the app got, and the other way round.
    const upstream = await upstreamSide(mark);
    expect(app.received).toEqual(upstream.webSocket.sent);
    expect(upstream.webSocket.received).toEqual([
      { data: create('ws-echo', `first ${mark}`), binary: false },
      { data: JSON.stringify({ type: 'response.processed', response_id: 'resp_1' }), binary: false },
      { data: bytes.toString('base64'), binary: true },
      { data: create('ws-echo', `second ${mark}`), binary: false },
    ]);
    expect(upstream.webSocket.pings).toEqual(['are you there']);
    await expect.poll(async () => (await upstreamSide(mark)).webSocket.close).toEqual({ code: 1000, reason: 'bye' });
    // The app sent no key: the provider's went upstream, in its protocol's header; its head's own headers came back.
    expect(upstream.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(upstream.headers['sec-websocket-protocol']).toBe('responses.v1,other');

    const [first, second] = await capturesOf(mark, 2);
    for (const [capture, word] of [
      [first!, 'first'],
      [second!, 'second'],
    ] as const) {
      expect(capture).toMatchObject({
        method: 'GET',
        path: '/responses',
        model: 'ws-echo',
        status: 'complete',
        httpStatus: 101,
        protocol: 'openai-responses',
        webSocket: true,
        sse: true,
        usage: { inputTokens: 21 },
      });
      expect(capture.reply?.text).toBe(`You said: ${word} ${mark}`);
      expect(capture.usage?.outputTokens).toBe(capture.reply!.text.split(/(?= )/).length);
      expect(capture.request.body.text).toBe(create('ws-echo', `${word} ${mark}`));
      expect(capture.request.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/v1\/responses\?t=/);
      expect(capture.response?.headers['x-codex-turn-state']).toBe('turn-42');
      expect(capture.timings.firstByte).toBeGreaterThanOrEqual(0);
    }
    // The upstream's messages of each response, as its events, in the order and with the times they came.
    const sentTexts = upstream.webSocket.sent.filter((m) => !m.binary).map((m) => m.data);
    const eventData = (c: CaptureDetail) => c.events!.items.map((item) => /^data: (.*)$/m.exec(item.raw)![1]);
    expect([...eventData(first!), ...eventData(second!)]).toEqual(sentTexts);
    expect(first!.events!.items[0]!.raw).toMatch(/^event: response\.created\n/);

    // The messages both ways, in order: the first response's, then the second's, the ones between them before its start.
    const messages = second!.response!.webSocket!.messages;
    expect(messages.map((m) => [m.type, m.opcode])).toEqual([
      ['send', 1],
      ['send', 2],
      ['receive', 2],
      ['send', 1],
      ...sentTexts.slice(firstCount).map(() => ['receive', 1]),
    ]);
    expect(messages[1]!.data).toBe(bytes.toString('base64'));
    expect(messages[0]!.at).toBeLessThan(0);
    expect(messages[3]!.at).toBe(0);
    expect(second!.response!.webSocket!.close).toBeUndefined();
    expect(first!.response!.webSocket!.messages.map((m) => m.data)).toEqual([
      create('ws-echo', `first ${mark}`),
      ...sentTexts.slice(0, firstCount),
    ]);

    // The HAR: DevTools' own fields, each message timed in seconds since the epoch.
    const har = (await (await fetch(`${base}/api/captures/${first!.id}/har`)).json()) as Har;
    const entry = har.log.entries[0]! as Har['log']['entries'][number] & {
      _resourceType: string;
      _webSocketMessages: { type: string; time: number; opcode: number; data: string }[];
    };
    expect(entry._resourceType).toBe('websocket');
    expect(entry.response.status).toBe(101);
    expect(entry._webSocketMessages).toHaveLength(firstCount + 1);
    expect(entry._webSocketMessages[0]).toMatchObject({ type: 'send', opcode: 1, data: create('ws-echo', `first ${mark}`) });
    expect(entry._webSocketMessages.slice(1).map((m) => m.data)).toEqual(sentTexts.slice(0, firstCount));
    const started = Date.parse(first!.startedAt) / 1000;
    for (const m of entry._webSocketMessages) expect(m.time).toBeGreaterThanOrEqual(started);
    expect(entry._webSocketMessages.at(-1)!.time).toBeLessThan(Date.now() / 1000);

    // No key anywhere: the captures, the HAR, the list.
    const list = await (await fetch(`${base}/api/captures?q=${mark}`)).text();
    for (const text of [JSON.stringify(first), JSON.stringify(second), JSON.stringify(har), list])
      expect(text).not.toContain(SECRET_KEY);
  });

  it('a close code passes on as it came, and the capture says who closed and why', async () => {
    const mark = tag();
    const app = await open(`/proxy/up-responses/responses?t=${mark}`, {
      headers: { authorization: 'Bearer sk-app-own-KEY-77d1' },
    });
    app.send(create('ws-close', `close ${mark}`));
    await app.until(() => app.close !== undefined);
    expect(app.close).toEqual({ code: 4001, reason: 'done' });
    // The app's own key went upstream, as it does over HTTP.
    expect((await upstreamSide(mark)).headers.authorization).toBe('Bearer sk-app-own-KEY-77d1');
    const [capture] = await capturesOf(mark, 1);
    expect(capture).toMatchObject({ status: 'upstream-error', httpStatus: 101, webSocket: true });
    expect(capture!.error).toBe('The upstream closed the WebSocket with 4001 "done".');
    expect(capture!.response!.webSocket!.close).toEqual({ by: 'upstream', code: 4001, reason: 'done' });
    expect(JSON.stringify(capture)).not.toContain('sk-app-own-KEY-77d1');
  });

  it('past the reply bound messages still pass, and the capture is marked cut', async () => {
    const mark = tag();
    const app = await open(`/proxy/up-responses/responses?t=${mark}`);
    app.send(create('ws-big', `big ${mark}`));
    await app.untilType('response.completed');
    expect(app.received.filter((m) => m.binary)).toHaveLength(5);
    app.socket.close();
    const [capture] = await capturesOf(mark, 1);
    expect(capture!.status).toBe('cut');
    expect(capture!.error).toContain('SLUICE_MAX_REPLY_BYTES');
    expect(capture!.response!.webSocket!.truncated).toBe(true);
    const kept = capture!.response!.webSocket!.messages;
    expect(kept.length).toBeGreaterThan(1);
    expect(kept.length).toBeLessThan(app.received.length + 1);
  });

  it('a refused upgrade is the upstream’s HTTP answer, passed back and captured', async () => {
    const mark = tag();
    const answer = await refusal(`${wsBase}/proxy/up-responses/realtime?t=${mark}`);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.body)).toEqual({
      error: { message: 'No WebSocket at /v1/realtime.', type: 'invalid_request_error' },
    });
    let capture: CaptureSummary | undefined;
    await expect
      .poll(async () => {
        const page = (await (await fetch(`${base}/api/captures?provider=up-responses&limit=200`)).json()) as CapturePage;
        capture = page.items.find((c) => c.path === '/realtime' && c.status !== 'streaming');
        return capture?.status;
      })
      .toBe('upstream-error');
    const detail = (await (await fetch(`${base}/api/captures/${capture!.id}`)).json()) as CaptureDetail;
    expect(detail).toMatchObject({ method: 'GET', httpStatus: 404, webSocket: true, sse: false });
    expect(detail.body?.text).toBe(answer.body);
    expect(detail.response?.webSocket).toBeUndefined();
    expect(JSON.stringify(detail)).not.toContain(SECRET_KEY);
  });

  it('an upgrade Sluice cannot take is an HTTP answer, never an empty reply', async () => {
    // As curl sends one: an unknown provider, then a foreign page's.
    const upgrade = (path: string, extra: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL(path, base);
        const req = httpRequest({
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          headers: {
            connection: 'Upgrade',
            upgrade: 'websocket',
            'sec-websocket-version': '13',
            'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
            ...extra,
          },
        });
        req.on('upgrade', () => reject(new Error('upgraded')));
        req.on('response', (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    const unknown = await upgrade('/proxy/nobody/responses');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({
      error: { type: 'not_found', providers: expect.arrayContaining(['up-responses']) },
    });
    const foreign = await upgrade('/proxy/up-responses/responses', { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('forbidden_origin');
    const replay = await upgrade('/replay/nothing/responses');
    expect(replay.status).toBe(501);
    expect(JSON.parse(replay.body).error.message).toContain('/proxy/{providerId}/');
    const cassette = await upgrade('/proxy/up-responses/responses', { 'x-sluice-cassette': 'ws-none; mode=playback' });
    expect(cassette.status).toBe(501);
    const badVersion = await upgrade('/proxy/up-responses/responses', { 'sec-websocket-version': '12' });
    expect(badVersion.status).toBe(426);
  });
});

describe('WebSocket upgrades with sign-in on', () => {
  const ADA = { 'x-test-user': 'ada', 'x-test-email': 'ada@example.com' };
  const env = {
    SLUICE_DATA_DIR: mkdtempSync(join(tmpdir(), 'sluice-data-ws-')),
    SLUICE_CONFIG: inject('configPath'),
    SLUICE_TEST_KEY: SECRET_KEY,
    SLUICE_AUTH: 'proxy',
    SLUICE_AUTH_USER_HEADER: 'x-test-user',
    SLUICE_AUTH_EMAIL_HEADER: 'x-test-email',
    SLUICE_TRUSTED_PROXIES: '127.0.0.1',
  };
  let server: RunningServer;
  beforeAll(async () => {
    server = await startNextServer(env);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(env.SLUICE_DATA_DIR, { recursive: true, force: true });
  });

  it('an upgrade without the caller’s token is a 401; with it, the connection is theirs and the token never goes upstream', async () => {
    const origin = server.origin.replace(/^http/, 'ws');
    const refused = await refusal(`${origin}/proxy/up-responses/responses`);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body).error.type).toBe('sign_in_required');

    const made = await fetch(`${server.origin}/api/tokens`, {
      method: 'POST',
      headers: { ...ADA, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'codex' }),
    });
    const { token } = (await made.json()) as CreatedToken;
    const mark = tag();
    const app = await open(`/proxy/up-responses/responses?t=${mark}`, { headers: { authorization: `Bearer ${token}` } }, origin);
    app.send(create('ws-echo', `signed ${mark}`));
    await app.untilType('response.completed');
    app.socket.close();
    expect((await upstreamSide(mark)).headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    const [capture] = await capturesOf(mark, 1, server.origin, ADA);
    expect(capture).toMatchObject({ status: 'complete', reply: { text: `You said: signed ${mark}` } });
    expect(JSON.stringify(capture)).not.toContain(token);
  });
});
