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
    for (const path of ['/a', '/b']) {
      const response = await postStreaming(`${origin}${path}`, {}, '{}', new AbortController().signal);
      expect(await readText(response.body, 100)).toBe('ok');
    }
    // /b went out on the pooled connection, was reset, and went again on a fresh one.
    expect(requests).toEqual(['/a #1', '/b #2', '/b #1']);
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
