import { describe, expect, it } from 'vitest';
import { failureHint, failureTitle } from './failure-words';

describe('failureTitle', () => {
  it('names the upstream’s own status once, not the 502 Sluice answered for it, in words', () => {
    const title = failureTitle({ status: 502, type: 'upstream_error', upstreamStatus: 500 });
    expect(title).toBe('HTTP 500 from the upstream');
    expect(title).not.toMatch(/502|upstream_error/);
    expect(failureTitle({ status: 401, type: 'upstream_error', upstreamStatus: 401 })).toBe('HTTP 401 from the upstream');
  });

  it('says what went wrong where the upstream never answered, with no raw type', () => {
    expect(failureTitle({ status: 504, type: 'upstream_timeout' })).toBe('The upstream did not answer in time (HTTP 504)');
    expect(failureTitle({ status: 0, type: 'network' })).toBe('No answer from the Sluice server');
    expect(failureTitle({ status: 502, type: 'upstream_not_sse', upstreamStatus: 200 })).toBe('Not an event stream (HTTP 200)');
    expect(failureTitle({ status: 418, type: 'error' })).toBe('HTTP 418');
  });
});

describe('failureHint', () => {
  it('does not send a simulator fault’s reader to the providers file', () => {
    const hint = failureHint({ status: 502, type: 'upstream_error', upstreamStatus: 500 }, 'sim-fault-http-500');
    expect(hint).toContain('on purpose');
    expect(hint).not.toMatch(/sluice\.config|baseUrl/);
    expect(failureHint({ status: 401, type: 'upstream_error', upstreamStatus: 401 }, 'sim-fault-http-401')).not.toContain(
      'apiKey',
    );
  });

  it('points a real provider’s failure at what to check', () => {
    expect(failureHint({ status: 502, type: 'upstream_error', upstreamStatus: 500 }, 'gpt-4.1')).toContain('baseUrl');
    expect(failureHint({ status: 401, type: 'upstream_error', upstreamStatus: 401 }, 'gpt-4.1')).toContain('apiKeyEnv');
    expect(failureHint({ status: 429, type: 'upstream_error', upstreamStatus: 429 }, 'gpt-4.1')).toContain('rate limiting');
  });
});
