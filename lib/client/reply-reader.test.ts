import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReplyReader } from './reply-reader';
import type { StreamCommand, StreamNews } from './stream-protocol';

/** A stand-in for the stream worker: records what the page posts; the test plays its side. */
class FakeWorker {
  static last: FakeWorker | undefined;
  posted: StreamCommand[] = [];
  onmessage: ((event: { data: StreamNews[] }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  terminated = false;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(command: StreamCommand) {
    this.posted.push(command);
  }
  terminate() {
    this.terminated = true;
  }
  answer(...news: StreamNews[]) {
    this.onmessage?.({ data: news });
  }
}

/** /api/chat as the page would see it: one short OpenAI stream with the BFF's end marker. */
function stubChatEndpoint() {
  const body = 'data: {"choices":[{"index":0,"delta":{"content":"on the page"}}]}\n\ndata: [DONE]\n\n: sluice end {"reason":"upstream-eof"}\n\n';
  const fetch = vi.fn(async () => new Response(body, { headers: { 'x-sluice-protocol': 'openai-chat', 'x-conversation-id': 'c1' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const start = (id: string): Extract<StreamCommand, { type: 'start' }> => ({ type: 'start', id, body: {}, startedAt: performance.timeOrigin + performance.now() });

/** A listener that records the news it hears, and `ended`, settled by the last. */
function listen() {
  const heard: StreamNews[] = [];
  let resolve = () => undefined as void;
  const ended = new Promise<void>((r) => (resolve = r));
  const listener = (news: StreamNews) => {
    heard.push(news);
    if (news.type === 'end' || news.type === 'lost') resolve();
  };
  return { heard, ended, listener };
}

describe('the reply reader', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('hands replies to the worker, passes its news on in order, and asks it to stop on abort', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const reader = new ReplyReader();
    const { heard, listener } = listen();
    const abort = new AbortController();
    reader.read(start('r1'), abort.signal, listener);
    const worker = FakeWorker.last!;
    expect(worker.posted).toEqual([start('r1')].map((s) => ({ ...s, startedAt: expect.any(Number) })));
    worker.answer({ type: 'accepted', id: 'r1' }, { type: 'headers', id: 'r1', conversationId: 'c1', protocol: 'openai-chat' });
    abort.abort();
    expect(worker.posted.at(-1)).toEqual({ type: 'stop', id: 'r1' });
    expect(heard).toEqual([{ type: 'headers', id: 'r1', conversationId: 'c1', protocol: 'openai-chat' }]);
  });

  it('reads a reply on the page when the worker never takes it, and every reply after', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const fetch = stubChatEndpoint();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reader = new ReplyReader(50);
    const first = listen();
    reader.read(start('r1'), new AbortController().signal, first.listener);
    await first.ended;
    expect(error).toHaveBeenCalledWith(expect.stringContaining('replies are read on the main thread'));
    expect(FakeWorker.last!.terminated).toBe(true);
    expect(first.heard.map((n) => n.type)).toEqual(['headers', 'progress', 'end']);
    const end = first.heard.at(-1) as Extract<StreamNews, { type: 'end' }>;
    expect(end.update.delta.fields.status).toBe('complete');
    expect(end.connectionLost).toBeUndefined();

    const workers = FakeWorker.last;
    const second = listen();
    reader.read(start('r2'), new AbortController().signal, second.listener);
    await second.ended;
    expect(FakeWorker.last).toBe(workers);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('ends a reply the worker had as lost when the worker dies, without reading it again', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const fetch = stubChatEndpoint();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reader = new ReplyReader();
    const { heard, listener } = listen();
    reader.read(start('r1'), new AbortController().signal, listener);
    FakeWorker.last!.answer({ type: 'accepted', id: 'r1' });
    FakeWorker.last!.onerror!({ message: 'out of memory' });
    expect(heard).toEqual([{ type: 'lost', id: 'r1', message: expect.stringContaining('out of memory') }]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
