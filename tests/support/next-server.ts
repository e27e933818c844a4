import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const STOP_GRACE_MS = 10_000;

export interface RunningServer {
  origin: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the production build (scripts/serve.mjs) on a free port, as `npm start` would; with
 * `npm: true`, `npm start` itself, in a process group of its own (what Ctrl-C signals);
 * with `launcher: true`, the launcher `npm start` runs (scripts/start.mjs), without npm
 * between, so that `process` is the launcher and the server its child. `port`: a
 * given one (a server that must know its address ahead, as SLUICE_PUBLIC_URL says it).
 */
export async function startNextServer(
  env: Record<string, string> = {},
  { npm = false, launcher = false, port: given }: { npm?: boolean; launcher?: boolean; port?: number } = {},
): Promise<RunningServer> {
  if (!existsSync('.next/BUILD_ID')) {
    const build = spawnSync('node_modules/.bin/next', ['build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('next build failed');
  }
  const port = given ?? (await freePort());
  const dataDir = env.SLUICE_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'sluice-data-'));
  let log = '';
  const [command, args]: [string, string[]] = npm
    ? ['npm', ['start']]
    : launcher
      ? ['node', ['scripts/start.mjs']]
      : [process.execPath, ['scripts/serve.mjs']];
  const child = spawn(command, args, {
    // As `npm start` runs it: Sluice handles SIGTERM itself, storing the replies in flight.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SLUICE_DATA_DIR: dataDir,
      NEXT_MANUAL_SIG_HANDLE: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: npm,
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    dataDir,
    process: child,
    output: () => log,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // Sluice stops and stores the replies in flight, then exits; a stuck server fails here, named.
      const graceful = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(r, STOP_GRACE_MS, false))]);
      if (graceful) return;
      child.kill('SIGKILL');
      await exited;
      throw new Error(`the server did not exit within ${STOP_GRACE_MS} ms of SIGTERM (a request or connection was still open)`);
    },
  };
}
