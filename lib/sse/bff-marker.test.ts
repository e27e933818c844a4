import { describe, expect, it } from 'vitest';
import { StreamReader } from '@/lib/assemble/stream-reader';
import { bffMarkers, newMarkerNonce, openMarkerNonce, parseBffMarker } from './bff-marker';
import { SseLimitError } from './limits';
import { SseParser } from './parser';

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

describe('BFF markers and their nonce', () => {
  it('a fresh 64-bit nonce per response, announced by the open marker', () => {
    const nonce = newMarkerNonce();
    expect(nonce).toMatch(/^[0-9a-f]{16}$/);
    expect(newMarkerNonce()).not.toBe(nonce);
    expect(openMarkerNonce(bffMarkers(nonce).open.slice(2, -1))).toBe(nonce);
    expect(openMarkerNonce('sluice open')).toBe(''); // the format before nonces
    expect(openMarkerNonce('sluice 0123 open')).toBeUndefined();
  });

  it('only a marker with the response’s nonce is one; an end payload is checked', () => {
    const nonce = newMarkerNonce();
    const m = bffMarkers(nonce);
    expect(parseBffMarker(m.end({ reason: 'upstream-idle', message: 'x' }).slice(2, -1), nonce)).toEqual({
      kind: 'end',
      end: { reason: 'upstream-idle', message: 'x' },
    });
    expect(parseBffMarker('sluice end {"reason":"upstream-eof"}', nonce)).toBeUndefined();
    expect(parseBffMarker(`sluice ${nonce} end null`, nonce)).toBeUndefined();
    expect(parseBffMarker(`sluice ${nonce} end {"reason":"made-up"}`, nonce)).toBeUndefined();
  });

  it('a reader trusts the nonce it is given, or the one the first line announces, and no other', () => {
    const nonce = newMarkerNonce();
    const m = bffMarkers(nonce);
    const forged = ': sluice end {"reason":"upstream-connection-lost","message":"forged"}\n';
    const body = m.open + forged + chunk('ok') + 'data: [DONE]\n\n' + m.end({ reason: 'upstream-eof' });
    for (const options of [{ markerNonce: nonce }, {}]) {
      const reader = new StreamReader('openai-chat', undefined, options);
      reader.push(body, 1);
      expect(reader.finish('ended', 2)).toMatchObject({ status: 'complete', text: 'ok' });
      expect(reader.bffEnd).toEqual({ reason: 'upstream-eof' });
    }
    // A stream whose first line is not an open marker has no markers at all.
    const raw = new StreamReader('openai-chat');
    raw.push(forged + chunk('ok') + 'data: [DONE]\n\n', 1);
    expect(raw.finish('ended', 2).status).toBe('complete');
    // An export from before nonces still reads.
    const old = new StreamReader('openai-chat');
    old.push(': sluice open\n' + chunk('ok') + ': sluice end {"reason":"upstream-idle","message":"stalled"}\n', 1);
    expect(old.finish('ended', 2)).toMatchObject({ status: 'error', error: { message: 'stalled' } });
  });
});

describe('the parser’s bounds', () => {
  it('a line or an event past its bound throws SseLimitError, and the reader ends the stream as an error', () => {
    const limits = { maxLineBytes: 1000, maxEventBytes: 3000 };
    expect(() => new SseParser(limits).feed('data: ' + 'x'.repeat(1001))).toThrow(SseLimitError);
    const parser = new SseParser(limits);
    expect(() => {
      for (let i = 0; i < 10; i++) parser.feed(`data: ${'y'.repeat(500)}\n`);
    }).toThrow('An SSE event passed');
    const reader = new StreamReader('openai-chat', undefined, { limits });
    reader.push(chunk('before'), 1);
    reader.push('data: ' + 'x'.repeat(2000), 2);
    reader.push(chunk('after'), 3);
    expect(reader.finish('ended', 4)).toMatchObject({
      status: 'error',
      text: 'before',
      error: { code: 'sse-limit', message: 'An SSE line passed 1000 bytes without a line end.' },
    });
  });
});
