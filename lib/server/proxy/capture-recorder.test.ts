/**
 * A capture as it is written once its exchange is over: the store, the live feed and
 * the copy worker stood in for (the worker's reading done here, by the same reader).
 */
import { gzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProtocolId } from '@/lib/protocols/ids';
import { StreamReader } from '@/lib/assemble/stream-reader';
import { readPackedEvents, type PackedEvents } from '@/lib/server/database/packed-events';
import type { CaptureEnd } from '@/lib/server/store/capture-store';
import type { KeptBytes } from '@/lib/server/streams/live/kept-bytes';
import { keptChunks } from '@/lib/server/streams/live/kept-bytes';
import type { StreamOutcome } from '@/lib/assemble/assemble';
import { BoundedEvents } from '@/lib/server/streams/server-copy/bounded-events';
import type { Provider } from '@/lib/providers/types';

const ended: { id: string; end: CaptureEnd }[] = [];
vi.mock('@/lib/server/store/captures', () => ({
  captureStore: async () => ({
    start: async () => {},
    end: async (id: string, end: CaptureEnd) => void ended.push({ id, end }),
  }),
}));
vi.mock('./captures/capture-feed', () => ({ captureWritten: () => {} }));
vi.mock('@/lib/server/store/runs', () => ({
  runStore: async () => ({ recentMembers: async () => [], latestContinuity: async () => undefined, create: async () => 'run' }),
}));
vi.mock('./captures/in-flight', () => ({ whenQuiet: async () => {} }));
vi.mock('@/lib/server/streams/server-copy/server-copy', () => ({
  // What the copy worker does, here.
  readServerCopy: async (
    protocol: ProtocolId,
    kept: KeptBytes,
    outcome: StreamOutcome,
    at: number,
    options: { maxBytes: number },
  ) => {
    const events = new BoundedEvents(options.maxBytes);
    const reader = new StreamReader(protocol, events.record);
    for (const chunk of keptChunks(kept)) reader.push(chunk.bytes, chunk.at);
    return { message: reader.finish(outcome, at), events: events.stored(), tokenEvents: reader.tokenEvents };
  },
}));

const { CaptureRecorder } = await import('./capture-recorder');

const provider: Provider = {
  id: 'up',
  name: 'up',
  protocol: 'openai-chat',
  baseUrl: 'http://upstream.test/v1',
  headers: {},
  secrets: [],
  builtin: false,
};

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const FINISH = `data: ${JSON.stringify({ id: 'c', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`;

/** A streamed exchange through the recorder as the proxy drives it; `relay` writes what came so far to the app. */
function streamed(headers: Record<string, string> = {}) {
  const recorder = new CaptureRecorder({
    target: { provider, path: '/chat/completions', url: 'http://upstream.test/v1/chat/completions' },
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    url: '/proxy/up/chat/completions',
    owner: 'local',
    body: Buffer.from('{"model":"m","stream":true}'),
  });
  recorder.responded(200, { 'content-type': 'text/event-stream', ...headers }, { wait: false });
  let at = 0;
  return {
    recorder,
    receive: (bytes: string | Buffer) => recorder.responseChunk(Buffer.from(bytes), performance.now() + at++),
    relay: (from: number) => recorder.responseFrom(from),
    async written() {
      await recorder.written;
      const { end } = ended.find((one) => one.id === recorder.id)!;
      const events = end.events && (await readPackedEvents(end.events as PackedEvents));
      return { ...end, text: events?.items.map((item) => item.raw).join('') ?? '' };
    },
  };
}

beforeEach(() => void (ended.length = 0));

describe('an app that hangs up', () => {
  it('once the terminal event reached it: the capture is complete, its reply too', async () => {
    const exchange = streamed();
    exchange.receive(chunk('Hello ') + chunk('there'));
    exchange.relay(0);
    exchange.receive(FINISH + 'data: [DONE]\n\n');
    exchange.relay(exchange.recorder.responseBytes - Buffer.byteLength(FINISH + 'data: [DONE]\n\n'));
    exchange.recorder.end('client-closed', 'The app closed the connection before the answer ended.');
    const { summary, reply } = await exchange.written();
    expect(summary.status).toBe('complete');
    expect(summary.error).toBeUndefined();
    expect(reply).toMatchObject({ status: 'complete', text: 'Hello there', finishReason: 'stop' });
  });

  it('once a finish reason came, before [DONE]: complete as well', async () => {
    const exchange = streamed();
    exchange.receive(chunk('Hi') + FINISH);
    exchange.relay(0);
    exchange.recorder.end('client-closed', 'left');
    expect((await exchange.written()).summary.status).toBe('complete');
  });

  it('once the upstream’s error ended the answer: complete, its reply the error', async () => {
    const exchange = streamed();
    exchange.receive(chunk('Hi') + `data: ${JSON.stringify({ error: { message: 'Overloaded', code: 'overloaded' } })}\n\n`);
    exchange.relay(0);
    exchange.recorder.end('client-closed', 'left');
    const { summary, reply } = await exchange.written();
    expect(summary.status).toBe('complete');
    expect(reply).toMatchObject({ status: 'error', error: { message: 'Overloaded' } });
  });

  it('before the end: client-closed, its reply stopped', async () => {
    const exchange = streamed();
    exchange.receive(chunk('Hello '));
    exchange.relay(0);
    exchange.recorder.end('client-closed', 'The app closed the connection before the answer ended.');
    const { summary, reply } = await exchange.written();
    expect(summary).toMatchObject({ status: 'client-closed', error: 'The app closed the connection before the answer ended.' });
    expect(reply).toMatchObject({ status: 'stopped', text: 'Hello ' });
  });

  it('the terminal event came, but after the app left (never written to it): client-closed, and not kept', async () => {
    const exchange = streamed();
    exchange.receive(chunk('Hello '));
    exchange.relay(0);
    // Read off the upstream, not yet written to the app: the app is gone first.
    exchange.receive(chunk('there') + FINISH + 'data: [DONE]\n\n');
    exchange.recorder.end('client-closed', 'left');
    // The write the proxy had queued comes too late to count.
    exchange.relay(Buffer.byteLength(chunk('Hello ')));
    const { summary, reply, text, chunks } = await exchange.written();
    expect(summary.status).toBe('client-closed');
    expect(reply).toMatchObject({ status: 'stopped', text: 'Hello ' });
    expect(text).toBe(chunk('Hello '));
    expect(chunks?.sizes).toEqual([Buffer.byteLength(chunk('Hello '))]);
  });
});

describe('an answer the upstream compressed anyway', () => {
  it('is read decoded, read by read; what the app got is the bytes as they came', async () => {
    const exchange = streamed({ 'content-encoding': 'gzip' });
    const stream = chunk('Hello ') + chunk('there') + FINISH + 'data: [DONE]\n\n';
    const wire = gzipSync(stream);
    const half = Math.floor(wire.byteLength / 2);
    exchange.receive(wire.subarray(0, half));
    expect(exchange.relay(0).equals(wire.subarray(0, half))).toBe(true);
    exchange.receive(wire.subarray(half));
    expect(exchange.relay(half).equals(wire.subarray(half))).toBe(true);
    exchange.recorder.end('complete');
    const { summary, reply, text, chunks, response } = await exchange.written();
    expect(summary.status).toBe('complete');
    expect(reply).toMatchObject({ status: 'complete', text: 'Hello there' });
    expect(text).toBe(stream);
    expect(chunks!.sizes.reduce((a, b) => a + b)).toBe(Buffer.byteLength(stream));
    expect(response?.encoded).toEqual({ encoding: 'gzip', bytes: wire.byteLength });
  });

  it('a coding it cannot read: said, and nothing of it kept as if it were text', async () => {
    const exchange = streamed({ 'content-encoding': 'x-unknown' });
    exchange.receive('opaque bytes');
    exchange.relay(0);
    exchange.recorder.end('complete');
    const { reply, text, response } = await exchange.written();
    expect(response?.encoded).toMatchObject({ encoding: 'x-unknown', bytes: 12, note: expect.stringContaining('"x-unknown"') });
    expect(text).toBe('');
    expect(reply).toBeUndefined();
  });
});
