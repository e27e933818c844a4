import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptureFeedEvent } from '@/lib/api/captures';
import { followCaptureFeed, type FeedSource, type FeedState } from './capture-feed';

/** An EventSource the test drives. */
class FakeSource implements FeedSource {
  onopen: FeedSource['onopen'] = null;
  onmessage: FeedSource['onmessage'] = null;
  onerror: FeedSource['onerror'] = null;
  readyState = 0;
  closed = false;
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.call(this as unknown as EventSource, new Event('open'));
  }
  say(data: string) {
    this.onmessage?.call(this as unknown as EventSource, new MessageEvent('message', { data }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.call(this as unknown as EventSource, new Event('error'));
  }
}

describe('the captures’ live feed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function follow() {
    const sources: FakeSource[] = [];
    const events: CaptureFeedEvent[] = [];
    const states: FeedState[] = [];
    let opens = 0;
    const stop = followCaptureFeed(
      { onEvent: (e) => events.push(e), onOpen: () => opens++, onState: (s) => states.push(s) },
      () => {
        const source = new FakeSource();
        sources.push(source);
        return source;
      },
    );
    return { sources, events, states, opens: () => opens, stop };
  }

  it('hands on each event, and says when it opens (the list is read then)', () => {
    const feed = follow();
    feed.sources[0]!.open();
    feed.sources[0]!.say('{"type":"deleted","id":"a"}');
    feed.sources[0]!.say('not json');
    expect(feed.events).toEqual([{ type: 'deleted', id: 'a' }]);
    expect(feed.opens()).toBe(1);
    expect(feed.states).toEqual(['live']);
  });

  it('leaves a dropped connection to the browser’s own retry, and opens a new source once it gave up, less often each time', () => {
    const feed = follow();
    feed.sources[0]!.open();
    feed.sources[0]!.fail(0);
    vi.advanceTimersByTime(60_000);
    expect(feed.sources).toHaveLength(1);
    feed.sources[0]!.fail(2);
    vi.advanceTimersByTime(499);
    expect(feed.sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(feed.sources).toHaveLength(2);
    feed.sources[1]!.fail(2);
    vi.advanceTimersByTime(999);
    expect(feed.sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(feed.sources).toHaveLength(3);
    feed.sources[2]!.open();
    expect(feed.opens()).toBe(2);
    expect(feed.states).toEqual(['live', 'reconnecting', 'reconnecting', 'reconnecting', 'live']);
  });

  it('stops: the source is closed and no retry is left waiting', () => {
    const feed = follow();
    feed.sources[0]!.fail(2);
    feed.stop();
    vi.advanceTimersByTime(60_000);
    expect(feed.sources).toHaveLength(1);
    expect(feed.sources[0]!.closed).toBe(true);
  });
});
