import { EventEmitter } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SSE_LIMITS } from '@/lib/sse/limits';
import { StreamReader } from '@/lib/assemble/stream-reader';
import { fixtures } from '@/tests/support/fixtures';
import { readPackedEvents } from '@/lib/server/database/packed-events';
import { BoundedEvents } from './bounded-events';
import { keptOf } from '../live/kept-bytes';
import { readServerCopy, stopServerCopy, type StartWorker } from './server-copy';

/**
 * The real worker file, run under tsx (Next.js bundles it for the server), with the
 * server's resolve condition: its modules mark themselves server-only.
 */
const WORKER_FILE = new URL('./server-copy.worker.ts', import.meta.url).href;
const realWorker: StartWorker = () =>
  new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(WORKER_FILE)}, ${JSON.stringify(WORKER_FILE)}))`,
    { eval: true, execArgv: ['--conditions=react-server'] },
  );

/** Stands in for a worker that dies: it takes messages and never answers. */
class SilentWorker extends EventEmitter {
  posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  unref() {}
  die() {
    this.emit('error', new Error('worker crashed'));
    this.emit('exit', 1);
  }
  async terminate() {
    this.emit('exit', 1);
  }
}

const copyOptions = (maxBytes: number) => ({ maxBytes, markerNonce: '', limits: DEFAULT_SSE_LIMITS });

afterEach(stopServerCopy); // the worker is shared per process: each test starts its own

/** Bytes as the live stream keeps them, in chunks of `size` received at their offset. */
const chunked = (bytes: Uint8Array, size: number) =>
  keptOf(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => ({
      bytes: bytes.subarray(i * size, (i + 1) * size),
      at: i * size,
    })),
  );

describe('the server’s copy of a relayed stream', () => {
  it('reads every recording in the worker, chunk by chunk, to what the relaying thread would have read', async () => {
    const all = fixtures();
    const results = await Promise.all(
      all.map(({ protocol, bytes }) =>
        readServerCopy(protocol, chunked(bytes, 977), 'ended', bytes.length, copyOptions(1 << 20), realWorker),
      ),
    );
    for (const [i, { protocol, bytes }] of all.entries()) {
      const events = new BoundedEvents(1 << 20);
      const reader = new StreamReader(protocol, events.record);
      for (let offset = 0; offset < bytes.length; offset += 977) reader.push(bytes.subarray(offset, offset + 977), offset);
      expect(results[i]!.message).toEqual(reader.finish('ended', bytes.length));
      expect(await readPackedEvents(results[i]!.events)).toEqual(await readPackedEvents(events.stored()));
      expect([results[i]!.firstTokenAt, results[i]!.firstAnswerAt, results[i]!.lastTokenAt]).toEqual([
        reader.firstTokenAt,
        reader.firstAnswerAt,
        reader.lastTokenAt,
      ]);
    }
  });

  it('keeps each chunk’s receive time: an event is logged at the time of the chunk that completed it', async () => {
    const first = new TextEncoder().encode(
      'data: {"choices":[{"index":0,"delta":{"content":"a"}}]}\n\ndata: {"choices":[{"index":0,',
    );
    const second = new TextEncoder().encode('"delta":{"content":"b"}}]}\n\n');
    const read = await readServerCopy(
      'openai-chat',
      keptOf([
        { bytes: first, at: 5 },
        { bytes: second, at: 40 },
      ]),
      'ended',
      41,
      copyOptions(1 << 20),
      realWorker,
    );
    expect(read.message.text).toBe('ab');
    expect((await readPackedEvents(read.events)).items.map((item) => item.at)).toEqual([5, 40]);
    expect([read.firstTokenAt, read.lastTokenAt]).toEqual([5, 40]);
  });

  it('fails the reads in flight when the worker dies, and the next read gets a new worker', async () => {
    const started: SilentWorker[] = [];
    const start = (() => started[started.push(new SilentWorker()) - 1]) as unknown as StartWorker;
    const reading = readServerCopy(
      'openai-chat',
      keptOf([{ bytes: new Uint8Array([100]), at: 0 }]),
      'ended',
      1,
      copyOptions(1024),
      start,
    );
    await new Promise((resolve) => setImmediate(resolve));
    started[0]!.die();
    await expect(reading).rejects.toThrow('worker crashed');
    void readServerCopy('openai-chat', keptOf([]), 'stopped', 2, copyOptions(1024), start).catch(() => {});
    expect(started).toHaveLength(2);
  });

  it.runIf(existsSync('/proc/self/task'))(
    'reads at a lower priority than the relaying thread: live bytes go first when the cores are busy',
    async () => {
      const niceOf = () =>
        readdirSync('/proc/self/task').map((task) =>
          Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
        );
      await readServerCopy('openai-chat', keptOf([]), 'ended', 0, copyOptions(1024), realWorker);
      const nice = niceOf(); // the first is this thread, which stands for the relay's
      expect(nice).toContain(Math.min(19, nice[0]! + 10));
    },
  );

  it('a stream that breaks its reader fails alone: the others read on', async () => {
    const bytes = new TextEncoder().encode(
      'data: {"choices":[{"index":0,"delta":{"content":"still here"}}]}\n\ndata: [DONE]\n\n',
    );
    const broken = readServerCopy(
      'no-such-protocol' as 'openai-chat',
      keptOf([{ bytes, at: 1 }]),
      'ended',
      2,
      copyOptions(1 << 20),
      realWorker,
    );
    const fine = readServerCopy('openai-chat', keptOf([{ bytes, at: 1 }]), 'ended', 2, copyOptions(1 << 20), realWorker);
    await expect(broken).rejects.toThrow();
    expect((await fine).message).toMatchObject({ status: 'complete', text: 'still here' });
  });
});
