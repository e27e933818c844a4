import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './next-server';

/** The redis-server binary: CI's (.ci/redis prints it), else one on the PATH, else none (the tests that need it say so). */
export function redisServerBinary(): string | undefined {
  if (process.env.TEST_REDIS_SERVER) return process.env.TEST_REDIS_SERVER;
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

export interface RunningRedis {
  url: string;
  port: number;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** A throwaway Redis server on a free loopback port: nothing saved to disk, stopped with the tests (or by one of them). */
export async function startRedis(binary: string, port?: number): Promise<RunningRedis> {
  port ??= await freePort();
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('redis-server did not start listening');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    process: child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
