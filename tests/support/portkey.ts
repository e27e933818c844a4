import { spawn } from 'node:child_process';
import { freePort } from './next-server';

/**
 * Portkey's open-source AI gateway (`@portkey-ai/gateway` from npm), run as it ships,
 * on a free loopback port: a real gateway whose dialect of Chat Completions Sluice
 * must read (its streaming needs @hono/node-server 1.14.1, pinned in package.json).
 */
export async function startPortkey(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['node_modules/@portkey-ai/gateway/build/start-server.js', `--port=${port}`, '--headless'],
    {
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Portkey gateway exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(origin)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the Portkey gateway did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
