/**
 * Where a path under `/proxy/{id}/` goes upstream: each SDK's and agent's path to the
 * URL it would have built from the provider's own base URL, over real HTTP, with the
 * scripted upstream saying what it received.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { CaptureDetail, CapturePage } from '@/lib/api/captures';
import { base, upstreamLog } from './support/http';
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
function exchange(target: string, { method = 'GET', headers = '', body = '' } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(readAnswer(Buffer.concat(chunks).toString('latin1'))));
    const length = body || method === 'POST' ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : '';
    socket.write(
      `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n${length}${headers}\r\n${body}`,
      'latin1',
    );
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
    // The scripted upstream knows none of these: its 404, relayed.
    expect(answer.status).toBe(404);
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
