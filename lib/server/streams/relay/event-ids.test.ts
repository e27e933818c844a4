import { describe, expect, it } from 'vitest';
import { EventIds } from './event-ids';

const feed = (ids: EventIds, ...chunks: string[]) => chunks.forEach((c) => ids.push(Buffer.from(c)));

describe('following event ids as an EventSource does', () => {
  it('takes an id when its event is dispatched, across chunk and CRLF splits', () => {
    const ids = new EventIds();
    feed(ids, 'id: 1\ndata: a\n\n', 'i', 'd: 2\r', '\ndata: b\r\n', '\r\n', 'id: 3\ndata: c\n');
    expect(ids.lastEventId).toBe('2'); // 3 is not dispatched yet
    expect(ids.seen).toBe(true);
    feed(ids, '\n');
    expect(ids.lastEventId).toBe('3');
  });

  it('ignores other fields that start like id, and ids with NUL; keeps the id buffer across events', () => {
    const ids = new EventIds();
    feed(ids, 'idx: 9\ndata: a\n\n', 'id: 4\ndata: b\n\n', 'data: c\n\n', 'id: bad\u0000\ndata: d\n\n');
    expect(ids.lastEventId).toBe('4');
  });

  it('after a reset (a broken connection), forgets the unfinished event’s id', () => {
    const ids = new EventIds();
    feed(ids, 'id: 9\ndata: a\n\n', 'id: 10\ndata: {"half');
    ids.reset();
    feed(ids, '\n\n');
    expect(ids.lastEventId).toBe('9');
    expect(new EventIds().seen).toBe(false);
  });
});
