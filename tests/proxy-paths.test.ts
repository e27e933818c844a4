/**
 * Where a path under `/proxy/{id}/` goes upstream: each SDK's and agent's path to the
 * URL it would have built from the provider's own base URL, over real HTTP, with the
 * scripted upstream saying what it received.
 */
import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import type { CaptureDetail, CapturePage } from '@/lib/api/captures';
import { SECRET_KEY } from './support/global-setup';
import { base, upstreamLog } from './support/http';
import { startNextServer } from './support/next-server';
import type { UpstreamLogEntry } from './support/upstream';

const { host, port } = new URL(base);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Reads an HTTP/1.1 answer: its status, headers (names lowercased) and body, chunked or not. */
function readAnswer(bytes: string): Answer {
  const headEnd = bytes.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = bytes.slice(0, headEnd === -1 ? undefined : headEnd).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  let body = headEnd === -1 ? '' : bytes.slice(headEnd + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    let plain = '';
    for (let at = 0; ;) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = parseInt(body.slice(at, lineEnd), 16);
      if (!size) break;
      plain += body.slice(lineEnd + 2, lineEnd + 2 + size);
      at = lineEnd + 2 + size + 2;
    }
    body = plain;
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}

/**
 * One request written to the socket byte for byte, as no HTTP client would send it (they
 * resolve dot segments and refuse control characters), and its answer once the server closes.
 */
function exchange(target: string, { method = 'GET', body = '' } = {}): Promise<Answer> {
  const length = body || method === 'POST' ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : '';
  return rawExchange(`${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n${length}\r\n${body}`);
}

/** Bytes written to the socket as they are, request line and headers included, and the answer once the server closes. */
function rawExchange(bytes: string, to = Number(port)): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(readAnswer(Buffer.concat(chunks).toString('latin1'))));
    socket.write(bytes, 'latin1');
  });
}

/** A marker for one test's requests, so its own are found in the upstream's log. */
const tag = () => `t${Math.random().toString(36).slice(2, 10)}`;

/** What the scripted upstream received of this test's requests (the ones whose path holds the marker). */
const received = async (marker: string): Promise<UpstreamLogEntry[]> =>
  (await upstreamLog()).filter((entry) => entry.path.includes(marker));

describe('how a path under /proxy/{id}/ becomes the upstream URL', () => {
  // [provider (its baseUrl on the scripted upstream), method, path as the SDK sends it, the path the upstream must get]
  const cases: [string, string, string, string][] = [
    // up-anthropic: `${upstream}/anthropic/v1`, the Anthropic SDK and Claude Code given `/proxy/up-anthropic`
    ['up-anthropic', 'POST', '/v1/messages', '/anthropic/v1/messages'],
    ['up-anthropic', 'POST', '/messages', '/anthropic/v1/messages'],
    ['up-anthropic', 'POST', '/v1/messages/count_tokens?beta=true', '/anthropic/v1/messages/count_tokens?beta=true'],
    ['up-anthropic', 'HEAD', '/api/hello', '/anthropic/api/hello'],
    // up-chat and up-responses: `${upstream}/v1`, OpenAI's SDKs and Codex given `/proxy/…` for …/v1
    ['up-chat', 'POST', '/chat/completions', '/v1/chat/completions'],
    ['up-responses', 'POST', '/responses', '/v1/responses'],
    ['up-chat', 'POST', '/v1/chat/completions', '/v1/chat/completions'],
    // up-gemini: `${upstream}/v1beta`, Google's SDK given `/proxy/up-gemini`
    ['up-gemini', 'POST', '/v1beta/models/m:generateContent', '/v1beta/models/m:generateContent'],
    ['up-gemini', 'POST', '/v1/models/m:generateContent', '/v1/models/m:generateContent'],
    ['up-gemini', 'POST', '/upload/v1beta/files', '/upload/v1beta/files'],
  ];
  it.each(cases)('%s: %s %s reaches %s', async (provider, method, path, upstreamPath) => {
    const marker = tag();
    const query = `${path.includes('?') ? '&' : '?'}${marker}`;
    const answer = await exchange(`/proxy/${provider}${path}${query}`, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
    // The scripted upstream's answer, relayed: a 404 for what it does not know; HEAD and count_tokens it answers.
    expect(answer.status).toBe(method === 'HEAD' || path.includes('/count_tokens') ? 200 : 404);
    expect((await received(marker)).map((e) => e.path)).toEqual([`${upstreamPath}${query}`]);
  });

  it('Claude Code’s connectivity check (HEAD /api/hello) through the simulator: the capture names the URL it went to', async () => {
    const answer = await exchange('/proxy/sim-anthropic/api/hello', { method: 'HEAD' });
    expect(answer.status).toBeGreaterThan(0);
    let found: CaptureDetail | undefined;
    await expect
      .poll(async () => {
        const page = (await (await fetch(`${base}/api/captures?provider=sim-anthropic&limit=200`)).json()) as CapturePage;
        const summary = page.items.find((c) => c.path === '/api/hello' && c.status !== 'streaming');
        if (summary) found = (await (await fetch(`${base}/api/captures/${summary.id}`)).json()) as CaptureDetail;
        return found?.request.url;
      })
      .toBe(`${base}/api/sim/anthropic/api/hello`);
    expect(found?.method).toBe('HEAD');
  });
});

/**
 * Paths that would take a request, with the provider's key, out of its base URL's root:
 * up-anthropic's is `${upstream}/anthropic/v1`, a gateway's team path. Written raw, as an
 * attacker (not an SDK) would; the marker `M` in each lets the upstream's log say whether
 * anything of it arrived, and where.
 */
describe('a path cannot climb out of the provider’s base URL', () => {
  const refused: [string, string, RegExp][] = [
    ['dot segments', '/proxy/up-anthropic/../../M', /dot segment/],
    ['encoded dot segments', '/proxy/up-anthropic/%2e%2e/%2e%2e/M', /dot segment/],
    ['mixed-case, after a version', '/proxy/up-anthropic/v1/%2E%2e/%2e./M', /dot segment/],
    ['dot segments with a path parameter (..;)', '/proxy/up-anthropic/..;/..;/M', /dot segment/],
    ['encoded slashes', '/proxy/up-anthropic/..%2f..%2fM', /encoded slash/],
    ['encoded backslashes', '/proxy/up-anthropic/..%5c..%5cM', /encoded slash or backslash/],
    ['doubly encoded dots', '/proxy/up-anthropic/%252e%252e/%252e%252e/M', /doubly encoded/],
    ['backslashes', '/proxy/up-anthropic/..\\..\\M', /backslash/],
    ['a host after //, on a baseUrl without a path', '/proxy/up-c1//evil.example/M', /empty segment/],
    ['an absolute URL', '/proxy/up-anthropic/http://evil.example/M', /empty segment/],
    ['encoded CR LF', '/proxy/up-anthropic/M%0d%0aX-Injected:%20yes', /control character/],
    ['an encoded NUL', '/proxy/up-anthropic/M%00', /control character/],
    ['a raw #', '/proxy/up-anthropic/M#x', /raw #/],
    ['under a cassette path', '/cassette/paths/record/up-anthropic/%2e%2e/%2e%2e/M', /dot segment/],
    // The Next.js route (the fallback, reached at /./proxy/…) refuses the same.
    ['encoded slashes, through the Next.js route', '/./proxy/up-anthropic/..%2f..%2fM', /encoded slash/],
    ['encoded backslashes, through the Next.js route', '/./proxy/up-anthropic/..%5c..%5cM', /encoded slash or backslash/],
    ['..;, through the Next.js route', '/./proxy/up-anthropic/v1/..;/..;/M', /dot segment/],
    ['doubly encoded dots, through the Next.js route', '/./proxy/up-anthropic/%252e%252e/M', /doubly encoded/],
    ['encoded CR LF, through the Next.js route', '/./proxy/up-anthropic/M%0d%0aX-Injected:%20yes', /control character/],
  ];
  it.each(refused)('%s: 400, nothing upstream', async (_name, path, reason) => {
    const marker = tag();
    const answer = await exchange(path.replace('M', marker));
    // Nothing of it reached the upstream, anywhere (what did is named, and whether the key went with it).
    const keyed = (e: UpstreamLogEntry) => (JSON.stringify(e.headers).includes(SECRET_KEY) ? 'with the key' : 'without it');
    expect((await received(marker)).map((e) => `${e.path} ${keyed(e)}`)).toEqual([]);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: { type: 'invalid_request', message: expect.stringMatching(reason) } });
    expect(answer.headers['content-type']).toBe('application/json');
  });

  // What Next.js does first, through its route: the dots resolved against Sluice's own path, a // sent elsewhere.
  it.each([
    ['encoded dot segments', 404, '/./proxy/up-anthropic/%2e%2e/%2e%2e/M'],
    ['a host after //', 308, '/./proxy/up-c1//evil.example/M'],
  ])('%s through the Next.js route: Next.js answers %i itself, nothing upstream', async (_name, status, path) => {
    const marker = tag();
    const answer = await exchange(path.replace('M', marker));
    expect(answer.status).toBe(status);
    if (status === 308) expect(answer.headers.location).toBe(`/proxy/up-c1/evil.example/${marker}`);
    expect(await received(marker)).toEqual([]);
  });

  // Node's HTTP parser answers these with a bare 400 before Sluice, on either path, and closes the connection.
  it.each([
    ['a raw CR in the path', 'GET /proxy/up-anthropic/M\rX HTTP/1.1\r\n'],
    ['a raw NUL in the path', 'GET /proxy/up-anthropic/M\0 HTTP/1.1\r\n'],
    ['a raw tab in the path', 'GET /proxy/up-anthropic/.\t./M HTTP/1.1\r\n'],
    ['a CR in a header', 'GET /proxy/up-anthropic/M HTTP/1.1\r\nX-A: a\rX-B: b\r\n'],
    ['a bare LF in a header', 'GET /proxy/up-anthropic/M HTTP/1.1\r\nX-A: a\nX-B: b\r\n'],
    ['a NUL in a header', 'GET /proxy/up-anthropic/M HTTP/1.1\r\nX-A: a\0b\r\n'],
    ['a folded header', 'GET /proxy/up-anthropic/M HTTP/1.1\r\nX-A: a\r\n b\r\n'],
    [
      'Content-Length with Transfer-Encoding',
      'POST /proxy/up-anthropic/M HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n',
    ],
    [
      'the same, through the Next.js route',
      'POST /./proxy/up-anthropic/M HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n',
    ],
    ['two Content-Lengths', 'POST /proxy/up-anthropic/M HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 0\r\n'],
  ])('%s: Node’s 400, nothing upstream', async (_name, head) => {
    const marker = tag();
    const answer = await rawExchange(`${head.replace('M', marker)}Host: ${host}\r\nConnection: close\r\n\r\n0\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.body).toBe('');
    expect(await received(marker)).toEqual([]);
  });

  it('an @ in the path is a path on the provider’s own host, under its base URL; in the id, an unknown provider', async () => {
    const marker = tag();
    const answer = await exchange(`/proxy/up-anthropic/@evil.example/${marker}`);
    expect(answer.status).toBe(404);
    const [seen, ...more] = await received(marker);
    expect(more).toEqual([]);
    expect(seen?.path).toBe(`/anthropic/v1/@evil.example/${marker}`);
    expect(seen?.headers['x-api-key']).toBe(SECRET_KEY);
    const inId = await exchange(`/proxy/up-anthropic@evil.example/${marker}`);
    expect(inId.status).toBe(404);
    expect(JSON.parse(inId.body).error.message).toContain('No provider "up-anthropic@evil.example"');
    expect(await received(marker)).toHaveLength(1);
  });
});

it('Content-Length with Transfer-Encoding, let through by a lenient HTTP parser, is refused by the proxy itself', async () => {
  const server = await startNextServer({
    SLUICE_CONFIG: inject('configPath'),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --insecure-http-parser`,
  });
  try {
    const { host: at, port: to } = new URL(server.origin);
    for (const path of ['/proxy/up-anthropic/v1/messages', '/./proxy/up-anthropic/v1/messages']) {
      const marker = tag();
      const head = `POST ${path}?${marker} HTTP/1.1\r\nHost: ${at}\r\nConnection: close\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n`;
      const answer = await rawExchange(`${head}\r\n2\r\n{}\r\n0\r\n\r\n`, Number(to));
      expect(await received(marker), path).toEqual([]);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body).error).toEqual({ type: 'invalid_request', message: expect.stringContaining('ambiguous') });
    }
  } finally {
    await server.stop();
  }
});
