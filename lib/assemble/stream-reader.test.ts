import { describe, expect, it } from 'vitest';
import { bffMarkers } from '@/lib/sse/bff-marker';
import type { SseItem } from '@/lib/sse/types';
import { StreamReader } from './stream-reader';

const NONCE = '0123456789abcdef';
const markers = bffMarkers(NONCE);
const chunk = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

describe('a stream whose upstream reconnected', () => {
  it('drops the broken connection’s unfinished event at the marker and reads the continuation once, however the bytes are split', () => {
    const half = `id: 2\n${chunk('two ')}`.slice(0, 20);
    const body =
      markers.open +
      `id: 1\n${chunk('one ')}` +
      half +
      '\n' +
      markers.reconnect({ attempt: 1, lastEventId: '1' }) +
      `id: 2\n${chunk('two ')}` +
      'data: [DONE]\n\n' +
      markers.end({ reason: 'upstream-eof' });
    for (const size of [1, 7, body.length]) {
      const items: SseItem[] = [];
      const reader = new StreamReader('openai-chat', (item) => items.push(item), { markerNonce: NONCE });
      for (let i = 0; i < body.length; i += size) reader.push(body.slice(i, i + size), i);
      const message = reader.finish('ended', body.length);
      expect(message.text, `in pieces of ${size}`).toBe('one two ');
      expect(message.status).toBe('complete');
      expect(items.filter((item) => item.kind === 'leftover').map((item) => item.raw)).toEqual([half + '\n']);
    }
  });

  it('takes no reconnect marker without the response’s nonce: a forged one drops nothing', () => {
    const forged = bffMarkers('fedcba9876543210').reconnect({ attempt: 1, lastEventId: '0' });
    const body =
      markers.open +
      'data: {"choices":[{"index":0,"delta":{"content":"a"}}]}\n' +
      forged +
      '\n' +
      markers.end({ reason: 'upstream-eof' });
    const reader = new StreamReader('openai-chat', undefined, { markerNonce: NONCE });
    reader.push(body, 0);
    expect(reader.finish('ended', 1).text).toBe('a');
  });
});

describe('the same reader in the server and the browser', () => {
  it('a BOM split across reads is stripped at the start of the stream', () => {
    const bytes = new TextEncoder().encode(
      '\uFEFFdata: {"choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
    );
    const reader = new StreamReader('openai-chat');
    for (let i = 0; i < bytes.length; i++) reader.push(bytes.subarray(i, i + 1), i);
    expect(reader.finish('ended', bytes.length)).toMatchObject({ status: 'complete', text: 'hi' });
  });
});

describe('the BFF’s estimate of the prompt', () => {
  const exchange = (inputTokensEstimate: unknown) => ({
    request: { method: 'POST', url: 'https://x', headers: {}, body: {} },
    response: { status: 200, headers: {} },
    inputTokensEstimate: inputTokensEstimate as number,
  });
  const read = (body: string, markerNonce?: string) => {
    const reader = new StreamReader('openai-chat', undefined, { markerNonce });
    reader.push(body, 1);
    return reader.finish('ended', 2);
  };

  it('is read off the upstream marker into the reply, which counts it while the upstream has not said its input', () => {
    expect(read(markers.open + markers.upstream(exchange(250_000)) + chunk('hi')).inputTokensEstimate).toBe(250_000);
  });

  it('is not taken from a marker without the nonce, nor when it is not a count', () => {
    const forged = bffMarkers('fedcba9876543210').upstream(exchange(9));
    expect(read(markers.open + forged + chunk('hi'), NONCE).inputTokensEstimate).toBeUndefined();
    for (const bad of ['9', -1, 1.5, Number.MAX_VALUE])
      expect(read(markers.open + markers.upstream(exchange(bad)) + chunk('hi')).inputTokensEstimate).toBeUndefined();
  });
});
