import { describe, expect, it } from 'vitest';
import type { CaptureSummary } from '@/lib/api/captures';
import { applyFeedEvent, matchesQuery, mergeCaptures, NO_CHANGES } from './capture-list';

const capture = (id: string, second: number, more: Partial<CaptureSummary> = {}): CaptureSummary => ({
  id,
  provider: 'sim-openai',
  method: 'POST',
  path: '/chat/completions',
  model: 'sim-markdown',
  status: 'complete',
  startedAt: `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`,
  sse: true,
  timings: {},
  ...more,
});

describe('the Traffic list, merged with the live feed', () => {
  it('puts a new capture first, and its later summary in its place', () => {
    const listed = [capture('b', 2), capture('a', 1)];
    let changes = applyFeedEvent(NO_CHANGES, { type: 'capture', capture: capture('c', 3, { status: 'streaming' }) });
    expect(mergeCaptures(listed, changes, {}, false).map((c) => [c.id, c.status])).toEqual([
      ['c', 'streaming'],
      ['b', 'complete'],
      ['a', 'complete'],
    ]);
    changes = applyFeedEvent(changes, { type: 'capture', capture: capture('c', 3) });
    expect(mergeCaptures(listed, changes, {}, false)[0]!.status).toBe('complete');
  });

  it('keeps an ended capture as read when the feed’s last word on it was still `streaming`', () => {
    const changes = applyFeedEvent(NO_CHANGES, { type: 'capture', capture: capture('a', 1, { status: 'streaming' }) });
    expect(mergeCaptures([capture('a', 1)], changes, {}, false)[0]!.status).toBe('complete');
  });

  it('drops a deleted capture, whether read or from the feed', () => {
    let changes = applyFeedEvent(NO_CHANGES, { type: 'capture', capture: capture('c', 3) });
    changes = applyFeedEvent(changes, { type: 'deleted', id: 'c' });
    changes = applyFeedEvent(changes, { type: 'deleted', id: 'a' });
    expect(mergeCaptures([capture('b', 2), capture('a', 1)], changes, {}, false).map((c) => c.id)).toEqual(['b']);
  });

  it('lets in only what matches the filters, and lets go what stops matching', () => {
    let changes = applyFeedEvent(NO_CHANGES, { type: 'capture', capture: capture('c', 3, { provider: 'sim-gemini' }) });
    changes = applyFeedEvent(changes, { type: 'capture', capture: capture('d', 4, { status: 'streaming' }) });
    const query = { provider: 'sim-openai', status: 'streaming' as const };
    expect(mergeCaptures([], changes, query, false).map((c) => c.id)).toEqual(['d']);
    changes = applyFeedEvent(changes, { type: 'capture', capture: capture('d', 4) });
    expect(mergeCaptures([capture('d', 4, { status: 'streaming' })], changes, query, false)).toEqual([]);
  });

  it('leaves a capture older than the pages read for its own page', () => {
    const changes = applyFeedEvent(NO_CHANGES, { type: 'capture', capture: capture('old', 1) });
    expect(mergeCaptures([capture('b', 2)], changes, {}, true).map((c) => c.id)).toEqual(['b']);
    expect(mergeCaptures([capture('b', 2)], changes, {}, false).map((c) => c.id)).toEqual(['b', 'old']);
  });

  it('judges a search by path and model, and leaves the rest to the server', () => {
    expect(matchesQuery(capture('a', 1), { q: 'MARKDOWN' })).toBe(true);
    expect(matchesQuery(capture('a', 1), { q: 'hello' })).toBeUndefined();
    expect(matchesQuery(capture('a', 1), { q: 'hello', provider: 'other' })).toBe(false);
    const changes = applyFeedEvent(NO_CHANGES, { type: 'capture', capture: capture('c', 3) });
    expect(mergeCaptures([], changes, { q: 'hello' }, false)).toEqual([]);
  });
});
