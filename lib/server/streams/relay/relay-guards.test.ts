import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SecretScrubber } from './secret-scrubber';
import { WireBounds } from './wire-bounds';

const limits = { maxLineBytes: 100, maxEventBytes: 250, maxReplyBytes: 10_000 };

describe('the relay’s bounds', () => {
  it('a line without end, however it is chunked', () => {
    const bounds = new WireBounds(limits);
    expect(bounds.add(Buffer.from('data: ' + 'x'.repeat(50)))).toBeUndefined();
    expect(bounds.add(Buffer.from('x'.repeat(44)))).toBeUndefined();
    expect(bounds.add(Buffer.from('x'))).toMatchObject({
      reason: 'sse-limit',
      message: 'An SSE line passed 100 bytes without a line end.',
    });
  });

  it('an event of short lines without its blank line; a blank line across chunks starts a new event', () => {
    const bounds = new WireBounds(limits);
    for (let i = 0; i < 4; i++) expect(bounds.add(Buffer.from('data: ' + 'y'.repeat(50) + '\n'))).toBeUndefined();
    expect(bounds.add(Buffer.from('data: ' + 'y'.repeat(50) + '\n'))).toMatchObject({
      message: 'An SSE event passed 250 bytes without its blank line.',
    });
    const again = new WireBounds(limits);
    for (let i = 0; i < 20; i++) {
      expect(again.add(Buffer.from('data: ' + 'y'.repeat(50) + '\r\n'))).toBeUndefined();
      expect(again.add(Buffer.from('\r\n'))).toBeUndefined();
    }
  });

  it('the whole reply', () => {
    const bounds = new WireBounds(limits);
    let broke;
    for (let i = 0; i < 200 && !broke; i++) broke = bounds.add(Buffer.from('data: ' + 'z'.repeat(50) + '\n\n'));
    expect(broke).toMatchObject({ reason: 'reply-too-large' });
  });
});

describe('the secret scrubber', () => {
  const secret = 'sk-SECRET-123456';
  it('replaces a secret however the reads split it, and holds back only what could begin one', () => {
    const text = `data: {"error":"bad key ${secret}"} and ${secret}\n\n`;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 8 }), (cuts) => {
        const scrubber = new SecretScrubber([secret, undefined]);
        const points = [0, ...[...new Set(cuts)].sort((a, b) => a - b), text.length];
        const out = points.slice(1).map((end, i) => scrubber.push(Buffer.from(text.slice(points[i], end))).toString());
        out.push(scrubber.flush().toString());
        expect(out.join('')).toBe(text.split(secret).join('[redacted]'));
      }),
    );
    const scrubber = new SecretScrubber([secret]);
    expect(scrubber.push(Buffer.from('data: hello\n\n')).toString()).toBe('data: hello\n\n');
    expect(scrubber.push(Buffer.from('data: sk-SEC')).toString()).toBe('data: ');
  });
});
