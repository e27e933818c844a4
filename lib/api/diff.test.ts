import { describe, expect, it } from 'vitest';
import { diffIds, pickerChoices, replyIdIn, versionOf, type ReplyChoice } from './diff';

describe('replyIdIn', () => {
  const id = '019a1b2c-3d4e-7f00-8a9b-0c1d2e3f4a5b';
  it('takes the id itself, or the first one in a pasted address', () => {
    expect(replyIdIn(id)).toBe(id);
    expect(replyIdIn(` ${id.toUpperCase()} `)).toBe(id);
    expect(replyIdIn(`http://127.0.0.1:3000/replay/${id}/v1/chat/completions`)).toBe(id);
    expect(replyIdIn([id, 'other'])).toBe(id);
  });
  it('passes on anything else as it is, for the page to say it is no reply; nothing for nothing', () => {
    expect(replyIdIn(' not-an-id ')).toBe('not-an-id');
    expect(replyIdIn('')).toBeUndefined();
    expect(replyIdIn(undefined)).toBeUndefined();
  });
});

describe('the picker’s lists, one side chosen', () => {
  const choice = (id: string, near?: string): ReplyChoice => ({
    id,
    conversationId: 'c',
    title: 'Turn one',
    provider: 'sim-openai',
    model: 'sim-markdown',
    createdAt: '2026-11-28T08:00:00.000Z',
    ...(near ? { near } : {}),
  });
  it('never offers the chosen reply, and each other one once: beside it if it is, else among the recent', () => {
    const near = [
      choice('v1', 'this conversation, version 1 of 2'),
      choice('a', 'this conversation'),
      choice('r1', 'this conversation'),
    ];
    const recent = [choice('a'), choice('v1'), choice('r1'), choice('x'), choice('x')];
    const lists = pickerChoices('a', near, recent);
    expect(lists.near.map((c) => c.id)).toEqual(['v1', 'r1']);
    expect(lists.recent.map((c) => c.id)).toEqual(['x']);
  });
  it('with none chosen, lists the recent replies as they are', () => {
    expect(pickerChoices(undefined, [], [choice('x'), choice('y')]).recent.map((c) => c.id)).toEqual(['x', 'y']);
  });
});

describe('diffIds', () => {
  it('keeps two sides, takes a reply named twice as one, and B alone as the side to start from', () => {
    expect(diffIds('a', 'b')).toEqual(['a', 'b']);
    expect(diffIds('a', 'a')).toEqual(['a']);
    expect(diffIds(undefined, 'b')).toEqual(['b']);
    expect(diffIds('a', undefined)).toEqual(['a', undefined]);
  });
});

describe('versionOf', () => {
  it('a reply’s place among its turn’s versions, from the message that names them', () => {
    const messages = [{}, { versions: ['v1', 'v2', 'v3'] }];
    expect(versionOf('v1', messages)).toEqual({ index: 1, of: 3 });
    expect(versionOf('v3', messages)).toEqual({ index: 3, of: 3 });
  });
  it('nothing for a reply with no other versions', () => {
    expect(versionOf('x', [{ versions: ['v1', 'v2'] }, {}])).toBeUndefined();
    expect(versionOf('only', [{ versions: ['only'] }])).toBeUndefined();
  });
});
