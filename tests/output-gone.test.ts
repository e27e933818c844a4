import { type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { STOP_WITHIN_MS } from '@/lib/server/host/shut-down';
import type { Conversation } from '@/lib/server/store/types';
import { startNextServer, type RunningServer } from './support/next-server';

/** Past the server's own bound on stopping: a server still there then has wedged. */
const EXIT_BOUND_MS = STOP_WITHIN_MS + 5_000;
/** How long a request may take before the server counts as answering nothing. */
const ANSWER_MS = 10_000;

const get = (server: RunningServer, path: string) => fetch(`${server.origin}${path}`, { signal: AbortSignal.timeout(ANSWER_MS) });

function chat(server: RunningServer, model: string, content: string): Promise<Response> {
  return fetch(`${server.origin}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'sim-openai', model, messages: [{ role: 'user', content }] }),
    signal: AbortSignal.timeout(ANSWER_MS),
  });
}

type StoredReply = { status: string; error?: { message: string } };

async function replyOf(server: RunningServer, conversationId: string): Promise<StoredReply | undefined> {
  const response = await get(server, `/api/conversations/${conversationId}`);
  return response.ok ? (((await response.json()) as Conversation).messages[1] as StoredReply) : undefined;
}

/** A long reply, its first bytes read and its turn stored `streaming`: the conversation's id. */
async function replyInFlight(server: RunningServer): Promise<string> {
  const response = await chat(server, 'sim-markdown', 'tokens=5000 tps=50 delay=0');
  const id = response.headers.get('x-conversation-id')!;
  await response.body!.getReader().read();
  await expect.poll(async () => (await replyOf(server, id))?.status, { timeout: ANSWER_MS }).toBe('streaming');
  return id;
}

/** The reader of the server's output exits: every write to its stdout or stderr fails from now on (EPIPE). */
function closeOutput(server: RunningServer): void {
  server.process.stdout!.destroy();
  server.process.stderr!.destroy();
}

/** A reply that fails: the server logs it (lib/server/chat/reply-log.ts), a line it cannot write. */
async function loggedFailure(server: RunningServer): Promise<void> {
  const response = await chat(server, 'sim-fault-error', 'fail, and be logged');
  const id = response.headers.get('x-conversation-id')!;
  await response.text();
  await expect.poll(async () => (await replyOf(server, id))?.status, { timeout: ANSWER_MS }).toBe('error');
}

function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', resolve));
}

/** Gone, or a zombie nobody reaps (an orphan's parent may be a PID 1 that does not). */
function processGone(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return true;
  }
}

/** The process and its children (the server under the launcher), to read before the launcher goes. */
function processTree(child: ChildProcess): number[] {
  const pid = child.pid!;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return [pid, ...(children ? children.split(/\s+/).map(Number) : [])];
}

/** A test that failed must not leave a wedged server behind. */
function killLeftovers(pids: number[]): void {
  for (const pid of pids) if (!processGone(pid)) process.kill(pid, 'SIGKILL');
}

/** The reply as stored, read by a server started again on the same data. */
async function storedReply(dataDir: string, conversationId: string) {
  const again = await startNextServer({ SLUICE_CONFIG: '', SLUICE_DATA_DIR: dataDir });
  try {
    return await replyOf(again, conversationId);
  } finally {
    await again.stop();
  }
}

const STOPPED = { status: 'stopped', error: { message: 'Stopped: the server stopped.' } };

it.each([
  ['the server', {}],
  ["npm start's launcher", { launcher: true }],
])(
  '%s, its output gone, keeps answering; on SIGTERM it stores the reply in flight and exits',
  async (_, how) => {
    const server = await startNextServer({ SLUICE_CONFIG: '' }, how);
    const pids = processTree(server.process);
    let conversationId: string;
    try {
      conversationId = await replyInFlight(server);
      closeOutput(server);
      await loggedFailure(server);
      expect((await get(server, '/api/health')).ok).toBe(true);

      const exited = exitCode(server.process);
      server.process.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, EXIT_BOUND_MS, 'still running'))]);
      expect(code).toBe(0);
      expect(pids.filter((pid) => !processGone(pid))).toEqual([]);
    } finally {
      killLeftovers(pids);
    }
    expect(await storedReply(server.dataDir, conversationId)).toMatchObject(STOPPED);
  },
  120_000,
);

it("npm start's launcher killed by SIGKILL: its server stores the reply in flight and exits", async () => {
  const launcher = await startNextServer({ SLUICE_CONFIG: '' }, { launcher: true });
  const pids = processTree(launcher.process);
  expect(pids).toHaveLength(2);
  const serverPid = pids[1]!;
  let conversationId: string;
  try {
    conversationId = await replyInFlight(launcher);
    const exited = exitCode(launcher.process);
    launcher.process.kill('SIGKILL');
    await exited;
    await expect.poll(() => processGone(serverPid), { timeout: EXIT_BOUND_MS, interval: 100 }).toBe(true);
  } finally {
    killLeftovers(pids);
  }
  expect(await storedReply(launcher.dataDir, conversationId)).toMatchObject(STOPPED);
}, 120_000);

it("a closed terminal (SIGHUP to npm start's launcher and its server): the reply in flight is stored and both exit", async () => {
  const launcher = await startNextServer({ SLUICE_CONFIG: '' }, { launcher: true });
  const pids = processTree(launcher.process);
  expect(pids).toHaveLength(2);
  let conversationId: string;
  try {
    conversationId = await replyInFlight(launcher);
    const exited = exitCode(launcher.process);
    // The terminal hangs up on its foreground process group: every process in it gets SIGHUP.
    for (const pid of pids) process.kill(pid, 'SIGHUP');
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, EXIT_BOUND_MS, 'still running'))]);
    expect(code).toBe(0);
    await expect.poll(() => pids.filter((pid) => !processGone(pid)), { timeout: EXIT_BOUND_MS, interval: 100 }).toEqual([]);
  } finally {
    killLeftovers(pids);
  }
  expect(await storedReply(launcher.dataDir, conversationId)).toMatchObject(STOPPED);
}, 120_000);
