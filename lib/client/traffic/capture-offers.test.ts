import { describe, expect, it } from 'vitest';
import type { CaptureDetail } from '@/lib/api/captures';
import { captureOffers, capturePaths, requestLine } from './capture-offers';

const capture = (more: Partial<CaptureDetail>): CaptureDetail =>
  ({
    id: 'c1',
    provider: 'sim-openai',
    method: 'POST',
    path: '/chat/completions',
    status: 'complete',
    sse: true,
    protocol: 'openai-chat',
    timings: {},
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:3000/api/sim/openai/v1/chat/completions',
      headers: {},
      body: { text: '{}', bytes: 2, truncated: false },
    },
    ...more,
  }) as CaptureDetail;

describe('a capture’s request line', () => {
  it('is the upstream URL of a request that went upstream', () => {
    expect(requestLine(capture({}))).toEqual({ target: 'http://127.0.0.1:3000/api/sim/openai/v1/chat/completions' });
  });

  it('names no upstream URL for a cassette miss: the request never reached one', () => {
    const line = requestLine(capture({ status: 'cassette-miss', cassette: { name: 'ci', mode: 'playback', played: false } }));
    expect(line.target).toBe('/chat/completions');
    expect(line.note).toMatch(/^Not sent upstream: cassette “ci” had no matching exchange/);
    expect(JSON.stringify(line)).not.toContain('http');
  });

  it('names no upstream URL for an exchange played back from a cassette either', () => {
    const line = requestLine(capture({ cassette: { name: 'ci', mode: 'playback', played: true } }));
    expect(line).toEqual({ target: '/chat/completions', note: 'Not sent upstream: played back from cassette “ci”.' });
  });
});

describe('what a capture’s page offers', () => {
  it('races its prompt on /race, in the query the race page reads', () => {
    expect(capturePaths.race('a b')).toBe('/race?capture=a%20b');
  });

  it('offers the chat, the race and the replay only for a request that reads back, the diff once a reply has ended', () => {
    const ended = capture({ events: { items: [], truncated: false }, reply: {} as CaptureDetail['reply'] });
    expect(captureOffers(ended, true)).toEqual({ curl: true, replay: true, openInChat: true, race: true, diff: true });
    expect(captureOffers(ended, false)).toEqual({ curl: true, replay: false, openInChat: false, race: false, diff: false });
    expect(captureOffers({ ...ended, status: 'streaming' }, true)).toMatchObject({ replay: false, diff: false });
    expect(captureOffers({ ...ended, webSocket: true }, true).curl).toBe(false);
  });
});
