import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_HEADERS } from '@/lib/api/headers';
import type { ReplyPatch } from './reply-patch';
import { answerStart } from './server-clock';
import { streamReply } from './stream-reply';

const NONCE = 'n0nce';
const PRICING = { input: 0.5, output: 1.5, source: 'config' };

/** A whole reply in one read, as a fast reply on a busy page comes: every update and the finish fall in one frame. */
function wholeReply(): Response {
  const body = [
    `: sluice ${NONCE} open`,
    '',
    'data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"}}]}',
    '',
    'data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],' +
      '"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}}',
    '',
    'data: [DONE]',
    '',
    `: sluice ${NONCE} end {"reason":"upstream-eof"}`,
    '',
    '',
  ].join('\n');
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream',
      [CHAT_HEADERS.protocol]: 'openai-chat',
      [CHAT_HEADERS.messageId]: 'm1',
      [CHAT_HEADERS.markerNonce]: NONCE,
      [CHAT_HEADERS.pricing]: JSON.stringify(PRICING),
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

const chunk = (content: string) =>
  `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"${content}"}}]}\n\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A reply joined after a reload: the server had three chunks when asked for their times
 * (at 10, 300 and 600 ms on its clock, `now` 650), which come in one read; the join
 * answers `joinDelay` ms after the times did, and its last chunk comes after that.
 */
function joinedReply(joinDelay: number) {
  const backlog = [`: sluice ${NONCE} open\n\n`, chunk('one'), chunk('two')];
  const rest = chunk('three') + `: sluice ${NONCE} end {"reason":"upstream-eof"}\n\n`;
  const offsets = backlog.map((_, i) => backlog.slice(0, i).join('').length);
  const times = { offsets, at: [10, 300, 600], length: backlog.join('').length, now: 650, ended: false };
  const encoder = new TextEncoder();
  return vi.fn(async (url: string) => {
    if (url === '/api/chat/m1/times?from=0') return Response.json(times);
    if (url !== '/api/chat/m1/stream?from=0') return new Response('{}', { status: 404 });
    await sleep(joinDelay);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(backlog.join('')));
        await sleep(20);
        controller.enqueue(encoder.encode(rest));
        controller.close();
      },
    });
    return new Response(body, {
      headers: {
        'content-type': 'text/event-stream',
        [CHAT_HEADERS.protocol]: 'openai-chat',
        [CHAT_HEADERS.messageId]: 'm1',
        [CHAT_HEADERS.markerNonce]: NONCE,
      },
    });
  });
}

describe('a streamed reply', () => {
  it('ends with its prices in its last patch, which replaces an update still waiting for its frame', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/chat' ? wholeReply() : new Response('{}', { status: 404 }))),
    );
    let last: ReplyPatch | undefined;
    const end = await streamReply({
      replyId: 'r1',
      source: { body: { provider: 'p', model: 'm', messages: [], requestId: 'q' } as never },
      signal: new AbortController().signal,
      // As the page's frame loop: the newest snapshot of a reply replaces the one before, unapplied.
      sink: { update: (snapshot) => void (last = snapshot()), finish: async (snapshot) => void (last = snapshot()) },
    });
    expect(last?.reply?.status).toBe('complete');
    expect(last?.pricing).toEqual(PRICING);
    expect(end).toBe('ended');
  });

  it('says the page left it when its reader stopped reading: the reply goes on, on the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/chat' ? wholeReply() : new Response('{}', { status: 404 }))),
    );
    const leave = new AbortController();
    const end = await streamReply({
      replyId: 'r2',
      source: { body: { provider: 'p', model: 'm', messages: [], requestId: 'q2' } as never },
      signal: leave.signal,
      onHeaders: () => leave.abort(),
      sink: { update: () => {}, finish: async () => {} },
    });
    expect(end).toBe('left');
  });

  it('joined, tells its progress piece by piece on the server’s clock, run from when its time was asked for', async () => {
    vi.stubGlobal('fetch', joinedReply(200));
    const progress: [number, number][] = [];
    await streamReply({
      replyId: 'r1',
      source: { join: 'm1' },
      signal: new AbortController().signal,
      sink: { update: () => {}, finish: async () => {} },
      onProgress: (at, tokens) => progress.push([at, tokens]),
    });
    // The backlog, read at once, at the times the server received each chunk: as its stored log has them.
    expect(progress.slice(0, 3)).toEqual([
      [10, 0],
      [300, 1],
      [600, 2],
    ]);
    // The last chunk came after the join's 200 ms and 20 ms more: past the server's now by as
    // much, not by only the 20 ms since the join answered.
    const [at, tokens] = progress.at(-1)!;
    expect(tokens).toBe(3);
    expect(at).toBeGreaterThanOrEqual(650 + 200);
  });

  it('times a new reply on the server’s clock: from its headers, where that clock stood as they left, not from the fetch', async () => {
    // The request took 600 ms to be answered (its way to the server's handler, the upstream's
    // wait); the server says its clock stood at 180 ms as the headers left, and the first
    // token comes 20 ms after them: about 200 ms into the reply, as the server stores it.
    const encoder = new TextEncoder();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url !== '/api/chat') return new Response('{}', { status: 404 });
        await sleep(600);
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode(`: sluice ${NONCE} open\n\n`));
            await sleep(20);
            controller.enqueue(encoder.encode(chunk('one') + `: sluice ${NONCE} end {"reason":"upstream-eof"}\n\n`));
            controller.close();
          },
        });
        const headers = {
          [CHAT_HEADERS.protocol]: 'openai-chat',
          [CHAT_HEADERS.markerNonce]: NONCE,
          [CHAT_HEADERS.clock]: '180',
        };
        return new Response(body, { headers: { 'content-type': 'text/event-stream', ...headers } });
      }),
    );
    let last: ReplyPatch | undefined;
    let startedAt: number | undefined;
    const started = performance.now();
    await streamReply({
      replyId: 'r3',
      source: { body: { provider: 'p', model: 'm', messages: [], requestId: 'q3' } as never },
      signal: new AbortController().signal,
      sink: {
        update: (snapshot) => void (startedAt = snapshot().startedAt ?? startedAt),
        finish: async (snapshot) => void (last = snapshot()),
      },
    });
    const firstToken = last!.figures!.firstToken!;
    expect(firstToken).toBeGreaterThanOrEqual(195);
    // Timed from the fetch it was past 620 ms.
    expect(firstToken).toBeLessThan(500);
    // The live progress line counts from the same start.
    expect(startedAt).toBeGreaterThan(started + 600 - 180 - 5);
  });
});

describe('where a reply the page asked for started, on the page’s clock', () => {
  it('is where the server’s clock stood as the headers left, counted back from their arrival', () => {
    expect(answerStart(1000, 1650, '170')).toBe(1480);
  });

  it('is the fetch’s start without a usable clock: none, not a number, negative, or past the page’s whole wait', () => {
    for (const header of [null, '', 'soon', '-5', '700'] as const) expect(answerStart(1000, 1650, header)).toBe(1000);
  });
});
