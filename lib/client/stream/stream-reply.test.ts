import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_HEADERS } from '@/lib/api/headers';
import type { ReplyPatch } from './reply-patch';
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
    'data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}}',
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
});
