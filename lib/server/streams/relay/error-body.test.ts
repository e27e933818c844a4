import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/server/http/errors';
import { readErrorBody, UPSTREAM_ERROR_BODY_BYTES, upstreamBodyOf } from './error-body';
import type { UpstreamResponse } from './http-client';

const SECRET = 'sk-test-0123456789abcdef';

/** An upstream's answer whose body comes in chunks of 1000 bytes. */
const answer = (text: string): UpstreamResponse => {
  const bytes = Buffer.from(text);
  const chunks = Array.from({ length: Math.ceil(bytes.byteLength / 1000) }, (_, i) => bytes.subarray(i * 1000, (i + 1) * 1000));
  return { status: 502, statusText: 'Bad Gateway', headers: new Headers(), body: Readable.from(chunks) };
};

describe('an upstream’s error body', () => {
  it('is kept whole when it fits, its secrets redacted', async () => {
    const page = `<html><head><title>502 Bad Gateway</title></head><body>key ${SECRET}</body></html>`;
    expect(await readErrorBody(answer(page), [SECRET])).toEqual({ upstreamBody: page.replace(SECRET, '[redacted]') });
  });

  it('is cut at its bound between characters, marked as cut, a secret across the bound redacted before the cut', async () => {
    // A secret that straddles the bound, then more than the reader reads.
    const filler = '€'.repeat(Math.floor((UPSTREAM_ERROR_BODY_BYTES - 10) / 3));
    const body = await readErrorBody(answer(`${filler}${SECRET}${'x'.repeat(200_000)}`), [SECRET]);
    expect(body.upstreamBodyTruncated).toBe(true);
    const kept = Buffer.byteLength(body.upstreamBody!);
    expect(kept).toBeLessThanOrEqual(UPSTREAM_ERROR_BODY_BYTES);
    expect(kept).toBeGreaterThan(UPSTREAM_ERROR_BODY_BYTES - 4);
    expect(body.upstreamBody).not.toContain(SECRET.slice(0, 6));
    expect(body.upstreamBody).toMatch(/^€+\[redact/);
  });

  it('is nothing when the upstream sent none', async () => {
    expect(await readErrorBody(answer(''), [])).toEqual({});
  });

  it('is read back from the error that carries it, for the stored reply', () => {
    const error = new ApiError(502, 'upstream_error', 'The upstream answered HTTP 502: …', {
      upstreamStatus: 502,
      upstreamBody: '<html>',
      upstreamBodyTruncated: true,
    });
    expect(upstreamBodyOf(error)).toEqual({ upstreamBody: '<html>', upstreamBodyTruncated: true });
    expect(upstreamBodyOf(new ApiError(504, 'upstream_timeout', 'No answer.'))).toEqual({});
  });
});
