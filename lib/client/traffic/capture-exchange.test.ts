import { describe, expect, it } from 'vitest';
import type { CaptureDetail } from '@/lib/api/captures';
import { captureExchange } from './capture-exchange';

describe('a capture as Copy as curl reads it', () => {
  it('keeps the request’s own headers, not the connection’s nor the encoding the proxy replaced with the plain body', () => {
    const capture = {
      request: {
        method: 'POST',
        url: 'https://api.example.com/v1/chat/completions',
        headers: {
          host: '127.0.0.1:3000',
          'content-length': '12',
          connection: 'keep-alive',
          'accept-encoding': 'gzip, deflate',
          'content-type': 'application/json',
          authorization: '[redacted]',
        },
        body: { text: '{"model":"m"}', bytes: 13 },
      },
    } as unknown as CaptureDetail;
    expect(captureExchange(capture).request.headers).toEqual({
      'content-type': 'application/json',
      authorization: '[redacted]',
    });
  });
});
