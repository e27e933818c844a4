import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { dropFailedWrites } from './safe-output.mjs';

const MODULE = fileURLToPath(new URL('./safe-output.mjs', import.meta.url));

/**
 * A process shaped like next-server: it logs uncaught exceptions to stderr (as Next.js
 * does), answers a 'ping' from a promise continuation (as a request handler runs), logs
 * on request, and on SIGTERM stops through a promise, then exits. It logs twice: Node's
 * console guards the first failed write to a stream, not the ones after it.
 */
const CHILD = `
  const { dropFailedWrites } = await import(${JSON.stringify(MODULE)});
  dropFailedWrites();
  process.on('uncaughtException', (error) => console.error('uncaughtException:', error));
  process.on('message', (message) => {
    const log = () => (console.log('a line'), console.error('a line'));
    if (message === 'log') log(), setImmediate(() => (log(), process.send('logged')));
    if (message === 'ping') void Promise.resolve().then(() => process.send('pong'));
  });
  process.on('SIGTERM', () => void Promise.resolve().then(() => process.exit(0)));
  process.send('ready');
`;

/** What `promise` gives, or 'wedged' if a process spinning on its writes has not given it in 10 s. */
function orWedged(promise: Promise<unknown>): Promise<unknown> {
  return Promise.race([promise, new Promise((resolve) => setTimeout(resolve, 10_000, 'wedged'))]);
}

it('a process whose stdout and stderr readers are gone keeps running its promises, and exits on SIGTERM', async () => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  try {
    await once(child, 'message');
    // The readers exit: from now on every write to the child's stdout or stderr fails (EPIPE).
    child.stdout!.destroy();
    child.stderr!.destroy();
    await Promise.all([once(child.stdout!, 'close'), once(child.stderr!, 'close')]);
    child.send('log');
    await once(child, 'message');
    child.send('ping');
    expect(await orWedged(once(child, 'message').then(([message]) => message as unknown))).toBe('pong');
    const exited = once(child, 'exit').then(([code]) => code as unknown);
    child.kill('SIGTERM');
    expect(await orWedged(exited)).toBe(0);
  } finally {
    child.kill('SIGKILL');
  }
});

it('a stream whose write throws (a file, a terminal) drops the line, and after EBADF tries no more', () => {
  let tried = 0;
  const stream = {
    on: () => stream,
    write: () => {
      tried++;
      throw Object.assign(new Error('bad file descriptor'), { code: 'EBADF' });
    },
  } as unknown as NodeJS.WriteStream;
  dropFailedWrites([stream]);
  expect(stream.write('one\n')).toBe(true);
  expect(stream.write('two\n')).toBe(true);
  expect(tried).toBe(1);
});
