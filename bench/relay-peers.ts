import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen } from '@/lib/simulator/serve-fetch';
import { agentAnswerEvents } from '../tests/support/agent-run';

const chunk = (i: number, id = 'bench') =>
  `data: {"id":"chatcmpl-${id}","object":"chat.completion.chunk","created":1,"model":"bench",` +
  `"choices":[{"index":0,"delta":{"content":" token${i}"},"finish_reason":null}]}\n\n`;

/**
 * The bench upstream: `POST …` with model "paced-N-MS" sends N events MS apart
 * ("stamped-N-MS" too, each event's id the performance.now() it was written at, which a
 * client in this process reads: bench/relay-streams.ts `stream`), "burst-N" sends N
 * events as fast as the reader takes them, "hold" sends one event and keeps the stream
 * open until the client leaves, "hold-N" sends N events first; "gate" sends one event and
 * ends once `release()` is called (each gated stream then ends whole), `gated()` counting
 * those open. `POST …/messages` (an agent-shaped request: bench/proxy.ts, bench/agents.ts)
 * reads the body whole without parsing it, as fast whatever it holds, and answers an agent
 * step (tests/support/agent-run.ts `agentAnswerEvents`), its events `x-bench-pace` ms
 * apart (none: as fast as the reader takes them).
 */
export async function startBenchUpstream(): Promise<{
  origin: string;
  server: Server;
  gated: () => number;
  release: () => void;
}> {
  const gates = new Set<() => void>();
  const agentAnswer = agentAnswerEvents();
  const server = createServer(async (req, res) => {
    if (req.url?.endsWith('/messages')) {
      for await (const part of req) void part;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      const pace = Number(req.headers['x-bench-pace'] ?? 0);
      for (const event of agentAnswer) {
        if (res.destroyed) return;
        if (!res.write(event)) await once(res, 'drain');
        if (pace > 0) await new Promise((r) => setTimeout(r, pace));
      }
      return void res.end();
    }
    req.setEncoding('utf8'); // one decoder for the whole body
    let body = '';
    for await (const part of req) body += part;
    const model = String((JSON.parse(body || '{}') as { model?: string }).model ?? 'burst-1000');
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.flushHeaders();
    const [kind, a, b] = model.split('-');
    if (kind === 'gate') {
      res.write(chunk(0));
      const end = () => {
        gates.delete(end);
        res.end('data: [DONE]\n\n');
      };
      gates.add(end);
      res.on('close', () => gates.delete(end));
      return;
    }
    if (kind === 'hold') {
      for (let i = 0; i < (Number(a) || 1); i++) res.write(chunk(i));
      return;
    }
    const n = Number(a);
    for (let i = 0; i < n && !res.destroyed; i++) {
      if (!res.write(chunk(i, kind === 'stamped' ? performance.now().toFixed(3) : undefined))) await once(res, 'drain');
      if (kind === 'paced' || kind === 'stamped') await new Promise((r) => setTimeout(r, Number(b)));
    }
    res.end('data: [DONE]\n\n');
  });
  server.keepAliveTimeout = 60_000;
  return {
    origin: await listen(server),
    server,
    gated: () => gates.size,
    release: () => [...gates].forEach((end) => end()),
  };
}

/**
 * A providers file (in a folder of its own) whose providers are the bench upstream at
 * `origin`: `bench` as an OpenAI Chat provider, `bench-anthropic` as a Messages one. Its path.
 */
export function benchProvidersFile(origin: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sluice-bench-')), 'config.json');
  const providers = [
    { id: 'bench', protocol: 'openai-chat', baseUrl: `${origin}/v1` },
    { id: 'bench-anthropic', protocol: 'anthropic-messages', baseUrl: origin },
  ];
  writeFileSync(file, JSON.stringify({ providers }));
  return file;
}

/**
 * The floor: a minimal Node http pipe in its own process, request in, upstream bytes out:
 * `/` to the upstream's `/v1/chat/completions`, any other path to the same path there,
 * the app's headers passed on but its connection's own.
 * `GET /memory` answers its `process.memoryUsage()` after full collections (it runs with
 * `--expose-gc`), for the memory bench (bench/stream-memory.ts).
 */
export async function startFloorPipe(upstream: string): Promise<{ origin: string; child: ChildProcess; stop: () => void }> {
  const script = `
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });
    const up = new URL(${JSON.stringify(upstream)});
    const server = http.createServer((req, res) => {
      if (req.url === '/memory') {
        global.gc();
        global.gc();
        return res.end(JSON.stringify({ collected: true, pid: process.pid, ...process.memoryUsage() }));
      }
      const { host, connection, ...headers } = req.headers;
      const out = http.request({
        host: up.hostname,
        port: up.port,
        path: req.url === '/' ? '/v1/chat/completions' : req.url,
        method: 'POST',
        agent,
        headers,
      }, (upRes) => {
        res.writeHead(upRes.statusCode, { 'content-type': 'text/event-stream' });
        res.flushHeaders();
        upRes.pipe(res);
      });
      req.pipe(out);
      res.on('close', () => out.destroy());
    });
    server.listen(0, '127.0.0.1', () => console.log('PORT ' + server.address().port));
  `;
  const child = spawn(process.execPath, ['--expose-gc', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) =>
    child.stdout!.on('data', (d: Buffer) => {
      const m = /PORT (\d+)/.exec(String(d));
      if (m) resolve(m[1]!);
    }),
  );
  return { origin: `http://127.0.0.1:${port}`, child, stop: () => child.kill() };
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory of a process, in bytes, from /proc. */
export function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) * 1024;
}

export { httpRequest };
