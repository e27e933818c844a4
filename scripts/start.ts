/**
 * `npm start`: checks the providers file, the database and Redis (if set), builds when no build
 * exists, then serves on HOST:PORT (default 127.0.0.1:3000).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ConfigError, configPath, loadProviders } from '@/lib/providers/config';
import { ALLOWED_HOSTS_VARIABLE, allowedHosts, isLoopback } from '@/lib/server/security/allowed-hosts';
import { RedisUnreachable, connectRedis, describeRedisUrl } from '@/lib/server/live/redis/connect';
import { StoreError, describeStore, openStore } from '@/lib/server/store';

const port = process.env.PORT ?? '3000';
const host = process.env.HOST ?? '127.0.0.1';
const next = 'node_modules/.bin/next';

// Served beyond this machine, Sluice must know the names it is reached by (anything else
// could be DNS rebinding), and whoever reaches the port can spend the configured keys.
if (!isLoopback(host)) {
  if (allowedHosts(process.env[ALLOWED_HOSTS_VARIABLE]).length === 0) {
    console.error(
      `Sluice cannot start: HOST=${host} serves it beyond this machine, but ${ALLOWED_HOSTS_VARIABLE} is not set.\n` +
        `Set ${ALLOWED_HOSTS_VARIABLE} to the names browsers will use to reach it (for example ${ALLOWED_HOSTS_VARIABLE}=sluice.example.com,10.0.0.5); requests for any other name are refused.`,
    );
    process.exit(1);
  }
  console.warn(
    `Sluice: WARNING: serving on ${host}. There is no login: anyone who can reach this port can use the configured API keys and read the history.`,
  );
}

try {
  const providers = loadProviders();
  const file = configPath();
  console.log(`Sluice: ${providers.length} providers (${file ? `from ${file}` : 'built-in simulator only'})`);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Sluice cannot start: the providers file is invalid.\n${error.message}`);
    process.exit(1);
  }
  throw error;
}

// A database that cannot be opened stops here, named, instead of as a blank page later.
try {
  await (await openStore()).close();
  console.log(`Sluice: conversations in ${describeStore()}`);
} catch (error) {
  if (error instanceof StoreError) {
    console.error(`Sluice cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

// So does a Redis server (REDIS_URL: several instances share their replies in flight through it).
if (process.env.REDIS_URL) {
  try {
    await (await connectRedis(process.env.REDIS_URL)).quit();
    console.log(`Sluice: replies in flight shared through Redis at ${describeRedisUrl(process.env.REDIS_URL)}`);
  } catch (error) {
    if (error instanceof RedisUnreachable) {
      console.error(`Sluice cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

if (!existsSync('.next/BUILD_ID')) {
  console.log('Sluice: no build yet, building first (next build)…');
  const build = spawnSync(next, ['build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(next, ['start', '--hostname', host, '--port', port], {
  stdio: 'inherit',
  // Sluice handles the signals itself (instrumentation.ts): it stores the replies in flight, then exits.
  env: { ...process.env, PORT: port, HOST: host, NEXT_MANUAL_SIG_HANDLE: 'true' },
});
// The server stops every reply in flight, stores it and exits; a second signal means
// "now". Not one that comes with the first: Ctrl-C signals the whole process group, and
// npm forwards it to this process again, so every process sees it twice at once.
// (This script runs under `node --import tsx`, not the tsx CLI: the CLI's parent process
// SIGKILLs its child when the child takes over 60 ms to acknowledge a signal, which a
// busy machine does, and then exits 130 with the replies still being stored.)
const SECOND_SIGNAL_AFTER_MS = 1000;
let stoppingSince: number | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stoppingSince === undefined) {
      stoppingSince = Date.now();
      console.log('Sluice: storing the replies in flight, then stopping (again to stop at once)…');
      server.kill(signal);
    } else if (Date.now() - stoppingSince > SECOND_SIGNAL_AFTER_MS) server.kill('SIGKILL');
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
