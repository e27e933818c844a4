import { describe, expect, it } from 'vitest';
import { bffMarkers } from '@/lib/sse/bff-marker';
import type { SseItem } from '@/lib/sse/types';
import { MAX_WARNING_ITEMS } from './message';
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

describe('a stream with events its reader could not read', () => {
  it('the reply warns, once per kind, pointing at those events’ rows in the event log', () => {
    const body =
      markers.open +
      chunk('one ') +
      'data: {"choices":[{"index":0,"delta":{"content":"\n\n' + // broken JSON, as sim-fault-malformed sends
      chunk('two') +
      'data: [1, 2]\n\n' +
      'data: [DONE]\n\n';
    const rows: { seq: number; kind: string }[] = [];
    const reader = new StreamReader('openai-chat', (item, events) =>
      rows.push({ seq: item.seq, kind: events.find((e) => e.type === 'malformed')?.type ?? item.kind }),
    );
    reader.push(body, 1);
    const message = reader.finish('ended', 2);
    expect(message.status).toBe('complete'); // still complete: the warning says what it lacks
    expect(message.text).toBe('one two');
    expect(message.warnings).toEqual([
      {
        kind: 'malformed',
        count: 2,
        items: [2, 4],
        message: expect.stringMatching(
          /^2 events in this reply’s stream did not parse \(Unterminated string.*; expected a JSON object\): what they carried is missing from the reply\.$/,
        ),
      },
    ]);
    expect(message.warnings![0]!.items.map((seq) => rows.find((r) => r.seq === seq)!.kind)).toEqual(['malformed', 'malformed']);
  });

  it('names the unknown event types, and lists at most MAX_WARNING_ITEMS rows however many there are', () => {
    const unknown = (type: string) => `event: ${type}\ndata: {"type":"${type}"}\n\n`;
    const body = markers.open + unknown('response.brand_new') + unknown('response.brand_new').repeat(150);
    const reader = new StreamReader('openai-responses');
    reader.push(body, 1);
    const [warning] = reader.finish('ended', 2).warnings!;
    expect(warning).toMatchObject({ kind: 'unknown', count: 151 });
    expect(warning!.items).toHaveLength(MAX_WARNING_ITEMS);
    expect(warning!.items.slice(0, 2)).toEqual([1, 2]);
    expect(warning!.message).toBe(
      '151 events in this reply’s stream are of types its decoder does not know (such as: response.brand_new), passed over.',
    );
  });

  it('a clean stream has none', () => {
    const reader = new StreamReader('openai-chat');
    reader.push(markers.open + chunk('hi') + 'data: [DONE]\n\n', 1);
    expect(reader.finish('ended', 2).warnings).toBeUndefined();
  });
});

describe('the output’s tokens, estimated from its text', () => {
  const gemini = (text: string) => `data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text }] } }] })}\n\n`;

  it('count the same for a token an event and a sentence an event: tokens, not events', () => {
    const sentence = 'Forty characters of text, said at once..';
    const openai = new StreamReader('openai-chat');
    for (let i = 0; i < sentence.length; i += 4) openai.push(chunk(sentence.slice(i, i + 4)), i);
    const google = new StreamReader('gemini');
    google.push(gemini(sentence), 0);
    expect([openai.tokenEvents, google.tokenEvents]).toEqual([10, 1]);
    expect([openai.outputTokens, google.outputTokens]).toEqual([10, 10]);
  });
});

describe('a read that passes the SSE bound', () => {
  it('keeps the items the same read completed before it, then ends the reply with the bound’s error', () => {
    const limits = { maxLineBytes: 1000, maxEventBytes: 4000 };
    const seen: SseItem[] = [];
    const reader = new StreamReader('openai-chat', (item) => seen.push(item), { limits });
    // One read: a whole event, then a line that is already past the bound with no end.
    reader.push(chunk('before ') + `data: ${'x'.repeat(2000)}`, 5);
    const reply = reader.finish('ended', 10);
    expect(reply.text).toBe('before ');
    expect(reply.error?.code).toBe('sse-limit');
    expect(seen.map((item) => item.raw)).toEqual([chunk('before ')]);
    expect(reader.stoppedAtBound).toBe(true);
  });
});
