import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SSE_LIMITS } from '@/lib/sse/limits';
import { StreamReader } from '@/lib/assemble/stream-reader';
import { fixtures } from '@/tests/support/fixtures';
import { unpackEvents } from '../store/packed-events';
import { BoundedEvents } from './bounded-events';
import { MAX_BACKLOG_BYTES, openServerCopy, stopServerCopy, type StartWorker } from './server-copy';

/** The real worker file, run under tsx (Next.js bundles it for the server). */
const WORKER_FILE = new URL('./server-copy.worker.ts', import.meta.url).href;
const realWorker: StartWorker = () => new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(WORKER_FILE)}, ${JSON.stringify(WORKER_FILE)}))`, { eval: true });

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

describe('the server’s copy of a relayed stream', () => {
  it('reads every recording in the worker to what the relaying thread would have read', async () => {
    const all = fixtures();
    const copies = all.map(({ protocol }) => openServerCopy(protocol, copyOptions(1 << 20), realWorker));
    all.forEach(({ bytes }, i) => {
      for (let offset = 0; offset < bytes.length; offset += 977) copies[i]!.push(bytes.subarray(offset, offset + 977), offset);
    });
    const results = await Promise.all(copies.map((copy, i) => copy.finish('ended', all[i]!.bytes.length)));
    all.forEach(({ protocol, bytes }, i) => {
      const events = new BoundedEvents(1 << 20);
      const reader = new StreamReader(protocol, events.record);
      for (let offset = 0; offset < bytes.length; offset += 977) reader.push(bytes.subarray(offset, offset + 977), offset);
      expect(results[i]!.message).toEqual(reader.finish('ended', bytes.length));
      expect(unpackEvents(results[i]!.events)).toEqual(unpackEvents(events.stored()));
      expect([results[i]!.firstTokenAt, results[i]!.firstAnswerAt]).toEqual([reader.firstTokenAt, reader.firstAnswerAt]);
    });
  });

  it('leaves the relay’s bytes whole: they are still on their way to the browser', async () => {
    const text = 'data: {"choices":[{"index":0,"delta":{"content":"hi"}}]}\n\n';
    const bytes = new TextEncoder().encode(text);
    const copy = openServerCopy('openai-chat', copyOptions(1 << 20), realWorker);
    copy.push(bytes, 1);
    expect(new TextDecoder().decode(bytes)).toBe(text);
    expect((await copy.finish('ended', 2)).message.text).toBe('hi');
  });

  it('fails the copies in flight when the worker dies, and the next stream gets a new worker', async () => {
    const started: SilentWorker[] = [];
    const start = (() => started[started.push(new SilentWorker()) - 1]) as unknown as StartWorker;
    const cut = openServerCopy('openai-chat', copyOptions(1024), start);
    cut.push(new Uint8Array([100]), 0);
    const finishing = cut.finish('ended', 1);
    started[0]!.die();
    await expect(finishing).rejects.toThrow('worker crashed');
    await expect(cut.finish('stopped', 2)).rejects.toThrow('worker crashed');
    openServerCopy('openai-chat', copyOptions(1024), start);
    expect(started).toHaveLength(2);
  });

  it('bounds the queue to the worker: past MAX_BACKLOG_BYTES unread, relays wait for room, given when the worker has read down to half', async () => {
    const started: SilentWorker[] = [];
    const start = (() => started[started.push(new SilentWorker()) - 1]) as unknown as StartWorker;
    const copy = openServerCopy('openai-chat', copyOptions(1024), start);
    const piece = new Uint8Array(4 * 1024 * 1024);
    let pushed = 0;
    while (pushed <= MAX_BACKLOG_BYTES) {
      expect(copy.backlog()).toBeUndefined();
      copy.push(piece, 0);
      pushed += piece.byteLength;
    }
    const room = copy.backlog();
    expect(room).toBeInstanceOf(Promise);
    let given = false;
    void room!.then(() => (given = true));
    started[0]!.emit('message', { drained: pushed - MAX_BACKLOG_BYTES / 2 - 1 });
    await Promise.resolve();
    expect(given).toBe(false);
    started[0]!.emit('message', { drained: 1 });
    await room;
    expect(copy.backlog()).toBeUndefined();
    started[0]!.die();
  });

  it('a stream that breaks its reader fails alone: the others read on', async () => {
    const broken = openServerCopy('no-such-protocol' as 'openai-chat', copyOptions(1 << 20), realWorker);
    const fine = openServerCopy('openai-chat', copyOptions(1 << 20), realWorker);
    const bytes = new TextEncoder().encode('data: {"choices":[{"index":0,"delta":{"content":"still here"}}]}\n\ndata: [DONE]\n\n');
    broken.push(bytes, 1);
    fine.push(bytes, 1);
    await expect(broken.finish('ended', 2)).rejects.toThrow();
    expect((await fine.finish('ended', 2)).message).toMatchObject({ status: 'complete', text: 'still here' });
  });
});
