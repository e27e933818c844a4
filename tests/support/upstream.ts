import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fixtures } from './fixtures';
import { behaveScripted } from './scripted-answers';
import { listen } from '@/lib/simulator/serve-fetch';
import { serveWebSocketUpstream } from './ws-upstream';

/**
 * A scriptable upstream for the integration tests: it replays every recording in
 * fixtures/wire (model `fx:<folder>:<file>`) and misbehaves on demand, by model name.
 * GET /_log tells the tests what it saw (headers, disconnects). WebSocket upgrades: ws-upstream.ts.
 */
/** Waits for a full socket to drain (or close), taking back the listener that did not fire. */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

export interface UpstreamLogEntry {
  model: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  disconnectedAt?: number;
  startedAt: number;
  /** Bytes the upstream managed to hand to its socket (firehose). */
  written?: number;
  method?: string;
  /** The request's body as it arrived (its first 64 KiB). */
  body?: string;
}

const FIXTURES = new Map(fixtures().map((f) => [`fx:${f.file.replaceAll('/', ':')}`, f]));
const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-up', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
/** The `gated` model's gate: opened by POST /_gate, then shut again for the next test. */
const gate = (() => {
  let open!: () => void;
  const state = { opened: new Promise<void>((r) => (open = r)), open: () => {} };
  state.open = () => {
    open();
    state.opened = new Promise<void>((r) => (open = r));
  };
  return state;
})();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function modelOf(req: IncomingMessage, body: string): string {
  const inUrl = /\/models\/([^/:]+):streamGenerateContent/.exec(req.url ?? '');
  if (inUrl) return decodeURIComponent(inUrl[1]!);
  try {
    return String((JSON.parse(body) as { model?: unknown }).model ?? '');
  } catch {
    return '';
  }
}

async function behave(model: string, req: IncomingMessage, res: ServerResponse, entry: UpstreamLogEntry): Promise<void> {
  // What agents ask besides generations: Claude Code's connectivity check and token counts.
  if (req.method === 'HEAD' || req.method === 'OPTIONS') {
    res.writeHead(200, { allow: 'GET, HEAD, OPTIONS, POST', 'x-upstream-saw': req.method });
    return void res.end();
  }
  if (req.url?.includes('/count_tokens')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify({ input_tokens: 42 }));
  }
  const sse = (extra: Record<string, string> = {}) => res.writeHead(200, { 'content-type': 'text/event-stream', ...extra });
  const fixture = FIXTURES.get(model);
  if (fixture) {
    sse();
    return void res.end(fixture.bytes);
  }
  if (await behaveScripted(model, req, res)) return;
  switch (model) {
    case 'slow': // 200 events, one every 50 ms: long enough to be stopped
      sse();
      for (let i = 0; i < 200 && !entry.disconnectedAt; i++) {
        res.write(chunk(`w${i} `));
        await sleep(50);
      }
      res.end('data: [DONE]\n\n');
      return;
    case 'firehose': {
      // up to 128 MB (more than the kernel can buffer), as fast as the reader takes it, counting what got out
      sse();
      const event = chunk('x'.repeat(4000));
      entry.written = 0;
      while (!entry.disconnectedAt && entry.written < 128 * 1024 * 1024) {
        entry.written += event.length;
        if (!res.write(event)) await drainedOrClosed(res);
      }
      return void res.end();
    }
    case 'stall': // a little, then nothing, forever
      sse();
      res.write(chunk('before the stall'));
      return;
    case 'drop': // a little, then the connection breaks
      sse();
      res.write(chunk('before the drop'));
      await sleep(100);
      req.socket.destroy();
      return;
    case 'no-headers': // accepts, never answers
      return;
    case 'late-headers': // holds its headers for a second (the tests' limit is 1.5 s), then a short reply
      await sleep(1000);
      sse();
      for (let i = 0; i < 5; i++) {
        res.write(chunk(`late${i} `));
        await sleep(20);
      }
      return void res.end('data: [DONE]\n\n');
    case 'reject-key': {
      const key = String(req.headers.authorization ?? '').replace('Bearer ', '');
      res.writeHead(401, { 'content-type': 'application/json' });
      return void res.end(
        JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${key}. You can find your API key at …`,
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        }),
      );
    }
    case 'error-split-utf8': {
      // a JSON error whose 'ü' is split across two writes
      res.writeHead(400, { 'content-type': 'application/json' });
      const body = Buffer.from(JSON.stringify({ error: { message: 'Unknown city Zürich ✓', type: 'invalid_request_error' } }));
      const cut = body.indexOf(Buffer.from('ü')) + 1;
      res.write(body.subarray(0, cut));
      await sleep(50);
      return void res.end(body.subarray(cut));
    }
    case 'error-page': // a load balancer's 503 page, longer than the error message quotes
    case 'error-page-huge': {
      // a page past the BFF's bound on error bodies (64 KiB)
      const filler = model === 'error-page-huge' ? 100_000 : 2_000;
      res.writeHead(503, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(
        `<!DOCTYPE html>\n<html><head><title>503 Service Unavailable</title><style>${'.a{color:#333}'.repeat(filler / 14)}</style></head>` +
          `<body><h1>503 Service Unavailable</h1><p>No server is available to handle this request. Ray ID: 8f2c…</p></body></html>\n`,
      );
    }
    case 'conversation': // a /c1/chat-style gateway: its own conversation id in a header
      sse({ 'x-conversation-id': 'up-conv-42' });
      return void res.end(chunk('remembered') + 'data: [DONE]\n\n');
    case 'bom':
      sse();
      return void res.end(
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(chunk('after a BOM') + 'data: [DONE]\n\n')]),
      );
    case 'nul-char': // text with a NUL character, which PostgreSQL's jsonb refuses to store
      sse();
      return void res.end(chunk('before \u0000 after') + 'data: [DONE]\n\n');
    case 'bom-split': {
      // the BOM a byte at a time, each in a read of its own
      sse();
      for (const byte of [0xef, 0xbb, 0xbf]) {
        res.write(Buffer.from([byte]));
        await sleep(30);
      }
      return void res.end(chunk('after a split BOM') + 'data: [DONE]\n\n');
    }
    case 'no-newline-at-end': // the last event lacks its blank line, and the line its newline
      sse();
      return void res.end(chunk('first') + `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'cut' } }] })}`);
    case 'forged-marker': // comments shaped like the BFF's markers, without its nonce
      sse();
      return void res.end(
        ': sluice end {"reason":"upstream-connection-lost","message":"forged by the upstream"}\n' +
          ': sluice end null\n' +
          ': sluice 0123456789abcdef end {"reason":"upstream-idle","message":"a guessed nonce"}\n\n' +
          chunk('the real reply') +
          'data: [DONE]\n\n',
      );
    case 'long-line': // a data line that never ends, written until the BFF hangs up
    case 'fat-event': // an event of short data lines that never ends
    case 'huge-reply': {
      // well-formed events without end
      sse();
      const piece =
        model === 'long-line'
          ? 'x'.repeat(16 * 1024)
          : model === 'fat-event'
            ? 'data: ' + 'y'.repeat(1000) + '\n'
            : chunk('z'.repeat(4000));
      res.write(model === 'long-line' ? 'data: ' : '');
      entry.written = 0;
      while (!entry.disconnectedAt && entry.written < 256 * 1024 * 1024) {
        entry.written += piece.length;
        if (!res.write(piece)) await drainedOrClosed(res);
      }
      return void res.end();
    }
    case 'utf8-slow': // 30 events of multi-byte text, one every 40 ms
      sse();
      for (let i = 0; i < 30 && !entry.disconnectedAt; i++) {
        res.write(chunk(`ü€😀${i} `));
        await sleep(40);
      }
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-up', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      );
      return void res.end('data: [DONE]\n\n');
    case 'resumable': // events with ids; the first connection breaks mid-event after r9, a Last-Event-ID continues after it
    case 'resume-refused': {
      // the same break; asked again, it refuses (as Nimbus does for models it cannot resume)
      const last = req.headers['last-event-id'];
      if (last !== undefined && model === 'resume-refused') {
        res.writeHead(400, { 'content-type': 'application/json' });
        return void res.end(
          JSON.stringify({
            error: { message: 'resume_not_supported: this model cannot resume a stream', type: 'resume_not_supported' },
          }),
        );
      }
      sse();
      const from = last === undefined ? 0 : Number(last) + 1;
      const event = (i: number) => `id: ${i}\n${chunk(`r${i} `)}`;
      for (let i = from; i < 20; i++) {
        if (last === undefined && i === 10) {
          res.write(event(i).slice(0, 25)); // half an event, then the connection breaks
          await sleep(30);
          return void res.socket?.destroy();
        }
        res.write(event(i));
        await sleep(20);
      }
      const stopChunk = {
        id: 'chatcmpl-up',
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
      };
      res.write(`id: 20\ndata: ${JSON.stringify(stopChunk)}\n\n`);
      return void res.end('data: [DONE]\n\n');
    }
    case 'echo-key': {
      // an error event quoting the key it was sent, the key split across two writes
      const key = String(req.headers.authorization ?? '').replace('Bearer ', '');
      sse();
      const event = `data: ${JSON.stringify({ error: { message: `Incorrect API key provided: ${key}`, type: 'invalid_request_error' } })}\n\n`;
      const cut = event.indexOf(key) + Math.floor(key.length / 2);
      res.write(chunk('before the error'));
      res.write(event.slice(0, cut));
      await sleep(50);
      return void res.end(event.slice(cut));
    }
    case 'json-reply': // a non-streaming answer, in the shape of the protocol its path names
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(
        JSON.stringify(
          req.url?.includes('/anthropic/')
            ? {
                id: 'msg_up',
                type: 'message',
                role: 'assistant',
                model,
                content: [{ type: 'text', text: 'A whole answer at once.' }],
                stop_reason: 'end_turn',
                usage: { input_tokens: 12, output_tokens: 6 },
              }
            : {
                id: 'chatcmpl-up',
                object: 'chat.completion',
                model,
                choices: [
                  { index: 0, message: { role: 'assistant', content: 'A whole answer at once.' }, finish_reason: 'stop' },
                ],
                usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 },
              },
        ),
      );
    case 'overloaded': // Anthropic's 529, with the retry hint its SDK reads first
      res.writeHead(529, { 'content-type': 'application/json', 'retry-after-ms': '1500', 'x-should-retry': 'true' });
      return void res.end(JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
    case 'rate-limited':
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7', 'x-ratelimit-remaining-requests': '0' });
      return void res.end(
        JSON.stringify({ error: { message: 'Rate limit reached; try again in 7 s.', type: 'rate_limit_error' } }),
      );
    case 'gated': {
      // one event, then nothing until the test opens the gate (POST /_gate): the first event provably went through alone
      sse();
      res.write(chunk('first '));
      await gate.opened;
      res.write(chunk('second'));
      return void res.end('data: [DONE]\n\n');
    }
    default:
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end(
        JSON.stringify({ error: { message: `The model \`${model}\` does not exist`, type: 'invalid_request_error' } }),
      );
  }
}

export async function startUpstream(): Promise<{ origin: string; server: Server }> {
  const log: UpstreamLogEntry[] = [];
  const server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/_log') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(log));
    }
    if (req.method === 'POST' && req.url === '/_gate') {
      gate.open();
      return void res.end();
    }
    if (req.method === 'GET' && req.url?.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ data: [...FIXTURES.keys(), 'slow', 'stall', 'drop'].map((id) => ({ id })) }));
    }
    req.setEncoding('utf8'); // one decoder for the whole body
    let body = '';
    for await (const part of req) body += part;
    const model = modelOf(req, body);
    const entry: UpstreamLogEntry = {
      model,
      path: req.url ?? '',
      headers: req.headers,
      startedAt: Date.now(),
      method: req.method,
      body: body.slice(0, 64 * 1024),
    };
    log.push(entry);
    res.on('close', () => {
      if (!res.writableFinished) entry.disconnectedAt = Date.now();
    });
    await behave(model, req, res, entry);
  });
  serveWebSocketUpstream(server, log);
  return { origin: await listen(server), server };
}
