/**
 * Two instances behind one address, in Chromium: a load balancer of our own sends every
 * POST /api/chat to one instance and everything else (pages, joins, stops, history)
 * to the other, so each step below crosses instances through PostgreSQL and Redis.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startNextServer, type RunningServer } from '../tests/support/next-server';
import { freshPgDatabase } from '../tests/support/postgres';
import { redisServerBinary, startRedis, type RunningRedis } from '../tests/support/redis';
import { expect, test } from './support';

const redisBinary = redisServerBinary();
const pgUrl = process.env.TEST_DATABASE_URL;

test('runs in CI, where Redis and PostgreSQL are installed', () => {
  if (process.env.CI && (!redisBinary || !pgUrl))
    throw new Error('CI must set TEST_DATABASE_URL and TEST_REDIS_SERVER (.ci/postgres, .ci/redis)');
});

/** A streaming reverse proxy: POST /api/chat to `chats`, the rest to `rest`; Host and Origin passed as they came. */
async function splittingProxy(chats: string, rest: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const target = new URL(req.method === 'POST' && req.url === '/api/chat' ? chats : rest);
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        // An instance that died mid-answer: the browser's connection breaks too, as behind nginx.
        answer.on('close', () => answer.complete || res.destroy());
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test.describe('two instances behind one address', () => {
  test.skip(!redisBinary || !pgUrl, 'needs redis-server and TEST_DATABASE_URL');
  let redis: RunningRedis;
  let servers: RunningServer[] = [];
  let proxy: { origin: string; server: Server };
  let drop: () => Promise<void>;

  test.beforeAll(async () => {
    const db = await freshPgDatabase(pgUrl!);
    drop = db.drop;
    redis = await startRedis(redisBinary!);
    // Each instance reaches the built-in simulator at its own origin; both share the database and Redis.
    const env = { SLUICE_CONFIG: '', DATABASE_URL: db.url, REDIS_URL: redis.url };
    servers = await Promise.all([startNextServer(env), startNextServer(env)]);
    proxy = await splittingProxy(servers[0]!.origin, servers[1]!.origin);
  });
  test.afterAll(async () => {
    proxy?.server.closeAllConnections();
    proxy?.server.close();
    await Promise.allSettled(servers.map((server) => server.stop()));
    await redis?.stop();
    await drop?.();
  });

  test('a reply started on one instance is followed after a reload and stopped through the other', async ({ page, app }) => {
    await app.open(`${proxy.origin}/`);
    await app.ask('sim-openai::sim-markdown', 'tokens=3000 tps=60 delay=0');
    await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
    await app.streamed();
    // The page, the conversation and the reply's stream now come from the other instance.
    await page.reload();
    await app.hydrated();
    await app.stillStreaming();
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(app.lastReply()).toHaveAttribute('data-status', 'stopped');
    await app.done();
    await app.shot('instances-stopped-through-the-other');
    // Stored stopped, as every instance sees it.
    await page.reload();
    await app.hydrated();
    await expect(app.lastReply()).toHaveAttribute('data-status', 'stopped');
    await expect(app.lastReply()).toContainText('Stopped');
  });

  // Last: it kills the instance that runs the replies.
  test('the instance running a reply dies: the page reconnects through the other, which says so and keeps what had streamed', async ({
    page,
    app,
  }) => {
    await app.open(`${proxy.origin}/`);
    await app.ask('sim-openai::sim-markdown', 'tokens=3000 tps=60 delay=0');
    await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
    await app.streamed();
    servers[0]!.process.kill('SIGKILL');
    await expect(app.lastReply()).toHaveAttribute('data-status', 'error', { timeout: 15_000 });
    await expect(app.lastReply()).toContainText('The server running this reply stopped');
    // Once the stored reply settles the page (its times are the server's: no `≈` on them;
    // its tokens and cost stay `≈`, it never got its final usage), the page shows what was
    // stored: bytes the page read from the dead instance that never reached Redis are not in it.
    await expect(app.lastReply().getByLabel('Reply figures')).toContainText(/total\s*\d/);
    await expect(app.lastReply().getByLabel('Reply figures')).toContainText(/out\s*≈\d/);
    const shown = await app.lastReply().locator('.prose-sluice').innerText();
    expect(shown.length).toBeGreaterThan(20);
    await app.shot('instances-server-lost');
    // Stored the same, as the surviving instance tells it.
    await page.reload();
    await app.hydrated();
    await expect(app.lastReply()).toHaveAttribute('data-status', 'error');
    await expect(app.lastReply()).toContainText('The server running this reply stopped');
    expect(await app.lastReply().locator('.prose-sluice').innerText()).toBe(shown);
  });
});
