/**
 * `npm start`: builds when there is no build or the sources changed since the last one,
 * then serves it on HOST:PORT (default 127.0.0.1:3000). Plain JavaScript, so production
 * needs no TypeScript loader; what the server checks before serving (the providers file,
 * the database, Redis, the allowed names) runs in the server itself (instrumentation.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { dropFailedWrites } from '../lib/server/platform/safe-output.mjs';
import { staleBuild } from './stale-build.mjs';
import { addressFile } from './with-env.mjs';

// Whoever reads this launcher's output may go (a closed terminal, a `| tee` that exited):
// it keeps serving, and still stops.
dropFailedWrites();

const port = process.env.PORT ?? '3000';
const host = process.env.HOST ?? '127.0.0.1';
const next = 'node_modules/.bin/next';

const stale = staleBuild(process.cwd());
if (stale) {
  console.log(`Sluice: ${stale}: building first (next build, a few minutes)…`);
  const build = spawnSync(next, ['build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Sluice's own server (a Next.js custom server): the proxy before Next.js's router (scripts/serve.mjs).
const server = spawn(process.execPath, ['scripts/serve.mjs'], {
  // The IPC channel is how the server knows this launcher is gone, even by SIGKILL: it
  // closes with this process, and the server then stops as on SIGTERM (lib/server/host/shut-down.ts).
  stdio: ['inherit', 'pipe', 'inherit', 'ipc'],
  // Sluice handles the signals itself (instrumentation.ts): it stores the replies in flight, then exits.
  env: { ...process.env, PORT: port, HOST: host },
});

// The server says it is ready before its checks (instrumentation.ts, run with its first
// request) have named a bad providers file, database or Redis server and exited. So the
// launcher asks once itself, and only then gives the address.

const local = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
let asked = false;
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!asked && /Ready in/.test(String(chunk))) {
    asked = true;
    void checked();
  }
});

async function checked() {
  for (;;) {
    try {
      if ((await fetch(`${local}/api/health`)).ok) {
        tellAddress();
        return console.log(`\nSluice is ready: open ${local}\n`);
      }
    } catch {
      // still starting, or exiting with the reason (the server says it)
    }
    if (server.exitCode !== null) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// The server stops every reply in flight, stores it and exits; a second signal means
// "now". Not one that comes with the first: Ctrl-C signals the whole process group, and
// npm forwards it to this process again, so every process sees it twice at once. A closed
// terminal's SIGHUP stops it the same way (Node's default would exit without a word).
// The server says what it does (lib/server/host/shut-down.ts), "again to stop at once" too:
// one line, whoever signalled it.
const SECOND_SIGNAL_AFTER_MS = 1000;
let stoppingSince;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stoppingSince === undefined) {
      stoppingSince = Date.now();
      server.kill(signal);
    } else if (Date.now() - stoppingSince > SECOND_SIGNAL_AFTER_MS) server.kill('SIGKILL');
  });
}
server.on('exit', (code, signal) => {
  forgetAddress();
  process.exit(code ?? (signal ? 1 : 0));
});

/** Where this server answers, for `npm run with` to find without being told the port (scripts/with-env.mjs). */
function tellAddress() {
  try {
    mkdirSync(dirname(addressFile(process.env)), { recursive: true });
    writeFileSync(addressFile(process.env), `${local}\n`);
  } catch {
    // Not written (a read-only folder): `npm run with` then needs PORT or --sluice, as it says.
  }
}

function forgetAddress() {
  rmSync(addressFile(process.env), { force: true });
}
