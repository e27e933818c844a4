import { describe, expect, it } from 'vitest';
import { StreamReader } from '@/lib/assemble/stream-reader';
import { EventLog } from '@/lib/event-log/event-log';
import { createRowFilter } from './filtered-rows';

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** A log fed as a stream feeds it: a piece at a time. */
function growing() {
  const log = new EventLog('openai-chat');
  const reader = new StreamReader(log.protocol, log.record);
  let at = 0;
  return { log, push: (raw: string) => reader.push(raw, (at += 10)) };
}

const all = { name: '', text: '', showPings: true };

describe('createRowFilter', () => {
  it('grows with the log, leaving the rows it gave before as they were; the same version gives the same rows back', () => {
    const { log, push } = growing();
    const rows = createRowFilter();
    push(chunk('Hello') + ': ping\n\n');
    const first = rows(log, log.version, { ...all, showPings: false });
    expect(first).toEqual([0]);
    expect(rows(log, log.version, { ...all, showPings: false })).toBe(first);

    push(chunk(' there'));
    const second = rows(log, log.version, { ...all, showPings: false });
    expect(second).toEqual([0, 2]);
    expect(first).toEqual([0]);
  });

  it('starts over for another filter or another log', () => {
    const { log, push } = growing();
    const rows = createRowFilter();
    push(chunk('Hello') + ': ping\n\n' + chunk('world'));
    expect(rows(log, log.version, all)).toEqual([0, 1, 2]);
    expect(rows(log, log.version, { ...all, text: 'WORLD' })).toEqual([2]);
    expect(rows(log, log.version, { ...all, name: 'nothing-by-this-name' })).toEqual([]);

    const other = growing();
    other.push(chunk('one'));
    expect(rows(other.log, other.log.version, all)).toEqual([0]);
    expect(rows(undefined, 0, all)).toEqual([]);
  });
});
