import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '@/lib/simulator/serve-fetch';
import { postStreaming, readText } from './http-client';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

describe('the upstream client', () => {
  it('sends a request again on a new connection when a reused one turns out closed, and only then', async () => {
    const served = new WeakMap<Socket, number>();
    const requests: string[] = [];
    // Like a server whose keep-alive timeout ran out as the client reused the connection:
    // the second request on any connection finds it reset.
    server = createServer((req, res) => {
      const count = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, count);
      requests.push(`${req.url} #${count}`);
      if (count > 1) return req.socket.destroy();
      res.end('ok');
    });
    const origin = await listen(server);
    for (const path of ['/a', '/b', '/c', '/d']) {
      const response = await postStreaming(`${origin}${path}`, {}, '{}', new AbortController().signal);
      expect(await readText(response.body, 100)).toBe('ok');
    }
    // Each request that went out on a pooled connection was reset, and went again on a fresh one (the pool decides which reuse one).
    const reused = requests.filter((r) => r.endsWith('#2')).map((r) => r.split(' ')[0]);
    expect(reused.length).toBeGreaterThan(0);
    for (const path of reused) expect(requests.slice(requests.indexOf(`${path} #2`) + 1)).toContain(`${path} #1`);
    expect(requests.filter((r) => r.endsWith('#1')).map((r) => r.split(' ')[0])).toEqual(['/a', '/b', '/c', '/d']);
  });

  it('does not send again when a fresh connection fails', async () => {
    let count = 0;
    server = createServer((req) => {
      count++;
      req.socket.destroy();
    });
    const origin = await listen(server);
    await expect(postStreaming(`${origin}/x`, {}, '{}', new AbortController().signal)).rejects.toThrow();
    expect(count).toBe(1);
  });
});
