/**
 * An agent's big request (150 KB and more, several reads of the socket) goes upstream as
 * it comes, not once it is all in: the upstream reads its start while the app still sends
 * the rest (docs/decisions.md: "An agent's request streamed on"). The capture keeps it
 * byte for byte all the same, also when the upstream could not be reached.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureDetail, CapturePage } from '@/lib/api/captures';
import { listen } from '@/lib/simulator/serve-fetch';
import { freePort, startNextServer, type RunningServer } from './support/next-server';

const START = { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [] } };
const ANSWER = `event: message_start\ndata: ${JSON.stringify(START)}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n`;

/** A request body of `bytes`, JSON, marked so its capture is found. */
function bigBody(marker: string, bytes: number): Buffer {
  const head = `{"model":"m","stream":true,"max_tokens":10,"messages":[{"role":"user","content":"${marker} `;
  const tail = '"}]}';
  return Buffer.from(head + 'x'.repeat(bytes - head.length - tail.length) + tail);
}

/** The upstream: each request's first bytes announced as they come, its body kept whole, an SSE answer once it is in. */
let upstream: Server;
const firstBytes: ((req: IncomingMessage) => void)[] = [];
const received: Buffer[] = [];
let server: RunningServer;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.once('data', () => firstBytes.shift()?.(req));
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(Buffer.concat(chunks));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(ANSWER);
    });
  });
  const origin = await listen(upstream);
  const closed = await freePort();
  const config = join(mkdtempSync(join(tmpdir(), 'sluice-streamed-')), 'config.json');
  const providers = [
    { id: 'reader', protocol: 'anthropic-messages', baseUrl: origin, apiKey: 'sk-test-streamed-body-0001' },
    {
      id: 'nowhere',
      protocol: 'anthropic-messages',
      baseUrl: `http://127.0.0.1:${closed}`,
      apiKey: 'sk-test-streamed-body-0001',
    },
  ];
  writeFileSync(config, JSON.stringify({ providers }));
  server = await startNextServer({ SLUICE_CONFIG: config });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  upstream?.closeAllConnections();
  upstream?.close();
});

/** Sends the body's head now, and its rest once `sendRest` resolves; the answer's status and text. */
function post(
  provider: string,
  body: Buffer,
  split: number,
  sendRest: Promise<unknown>,
): Promise<{ status: number; text: string }> {
  const url = new URL(`/proxy/${provider}/v1/messages`, server.origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(body.byteLength) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, split));
    void sendRest.then(() => req.end(body.subarray(split)));
  });
}

async function captureOf(marker: string): Promise<CaptureDetail> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const page = (await (await fetch(`${server.origin}/api/captures?q=${marker}`)).json()) as CapturePage;
        id = page.items.find((c) => c.status !== 'streaming')?.id;
        return id !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return (await (await fetch(`${server.origin}/api/captures/${id}`)).json()) as CaptureDetail;
}

describe('a big request through the proxy', () => {
  it('reaches the upstream while the app still sends its rest, and is captured byte for byte', async () => {
    const marker = `streamed${Date.now()}`;
    const body = bigBody(marker, 300 * 1024);
    // The rest is sent only once the upstream has the start: read whole first, the request would never go.
    const upstreamHasStart = new Promise((resolve) => firstBytes.push(resolve));
    const answer = await post('reader', body, 100 * 1024, upstreamHasStart);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('message_stop');
    expect(received.at(-1)!.equals(body)).toBe(true);
    const capture = await captureOf(marker);
    expect(capture.status).toBe('complete');
    expect(capture.request.body.bytes).toBe(body.byteLength);
    expect(capture.request.body.text).toBe(body.toString('utf8'));
  });

  it('kept whole in its capture when the upstream cannot be reached, though none of it went', async () => {
    const marker = `unreached${Date.now()}`;
    const body = bigBody(marker, 300 * 1024);
    const answer = await post('nowhere', body, 100 * 1024, Promise.resolve());
    expect(answer.status).toBe(502);
    const capture = await captureOf(marker);
    expect(capture.status).toBe('unreachable');
    expect(capture.request.body.truncated).toBe(false);
    expect(capture.request.body.text).toBe(body.toString('utf8'));
  });
});
