import { describe, expect, it } from 'vitest';
import { closeStatus } from './websocket-captures';

describe("a WebSocket's close, as its capture's status", () => {
  it('a close frame with a normal code, from either side, between responses: complete', () => {
    for (const code of [1000, 1001, 1005]) {
      expect(closeStatus({ by: 'app', code, reason: '' }, false)).toEqual(['complete']);
      expect(closeStatus({ by: 'upstream', code, reason: 'bye' }, false)).toEqual(['complete']);
    }
  });

  it('a dropped connection, or another code, is the side’s failure, its code and reason said', () => {
    expect(closeStatus({ by: 'app', code: 1006, reason: '' }, false)[0]).toBe('client-closed');
    expect(closeStatus({ by: 'upstream', code: 1006, reason: '', error: 'read ECONNRESET' }, false)).toEqual([
      'upstream-error',
      'The upstream connection dropped without a close frame (read ECONNRESET).',
    ]);
    expect(closeStatus({ by: 'upstream', code: 1011, reason: 'overloaded' }, false)).toEqual([
      'upstream-error',
      'The upstream closed the WebSocket with 1011 "overloaded".',
    ]);
    expect(closeStatus({ by: 'app', code: 4000, reason: '' }, false)).toEqual([
      'client-closed',
      'The app closed the WebSocket with 4000.',
    ]);
  });

  it('a normal close in the middle of a response: the response never ended', () => {
    expect(closeStatus({ by: 'app', code: 1000, reason: '' }, true)[0]).toBe('client-closed');
    expect(closeStatus({ by: 'upstream', code: 1000, reason: '' }, true)[0]).toBe('upstream-error');
  });
});
