import { describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import type { Conversation, StoredMessage } from '@/lib/api/conversations';
import type { UiMessage } from './ui-message';
import { switchedPath, versionPair, versionPlace, versionsBeside, withVersions } from './versions';

const reply = (id: string, more: Partial<Extract<UiMessage, { role: 'assistant' }>> = {}): UiMessage => ({
  id,
  role: 'assistant',
  provider: 'p',
  model: 'm',
  reply: emptyMessage('complete'),
  figures: {},
  stored: true,
  ...more,
});
const user = (id: string, more: Partial<Extract<UiMessage, { role: 'user' }>> = {}): UiMessage => ({
  id,
  role: 'user',
  content: id,
  stored: true,
  ...more,
});
const storedUser = (id: string, versions?: string[]): StoredMessage => ({
  id,
  role: 'user',
  content: id,
  createdAt: '',
  ...(versions ? { versions } : {}),
});
const storedReply = (id: string, versions?: string[]): StoredMessage => ({
  id,
  role: 'assistant',
  content: 'x',
  createdAt: '',
  status: 'complete',
  ...(versions ? { versions } : {}),
});
const conversation = (messages: StoredMessage[]): Conversation => ({
  id: 'c',
  kind: 'chat',
  title: 't',
  createdAt: '',
  updatedAt: '',
  messages,
});

describe('a message among its versions', () => {
  it('is placed by its server id: a stored reply by its stream id, a message read back by its own', () => {
    expect(versionPlace(reply('page-id', { streamId: 'b', versions: ['a', 'b', 'c'] }))).toMatchObject({
      index: 1,
      count: 3,
      previous: 'a',
      next: 'c',
    });
    expect(versionPlace(user('u', { serverId: 'c', versions: ['a', 'b', 'c'] }))).toMatchObject({ index: 2, next: undefined });
    // One turn, one version: nothing to switch.
    expect(versionPlace(reply('a', { versions: ['a'] }))).toBeUndefined();
    expect(versionPlace(reply('a'))).toBeUndefined();
  });

  it('is the newest, after the others, while its id is not known yet (a regenerate on its way)', () => {
    const pending = reply('page-id', { stored: false, versions: ['a', 'b'] });
    expect(versionPlace(pending)).toMatchObject({ index: 2, count: 3, previous: 'b', next: undefined });
    expect(versionPair(versionPlace(pending)!)).toBeUndefined();
  });

  it('is compared with the one before it, the first with the next', () => {
    expect(versionPair(versionPlace(reply('c', { versions: ['a', 'b', 'c'] }))!)).toEqual(['b', 'c']);
    expect(versionPair(versionPlace(reply('a', { versions: ['a', 'b', 'c'] }))!)).toEqual(['a', 'b']);
  });

  it('gives a new version the ones it goes beside: its versions, or it alone, or none when the server has not got it', () => {
    expect(versionsBeside(reply('a', { versions: ['a', 'b'] }))).toEqual(['a', 'b']);
    expect(versionsBeside(reply('page', { streamId: 's' }))).toEqual(['s']);
    expect(versionsBeside(user('page-user'))).toBeUndefined();
    expect(versionsBeside(user('page-user', { serverId: 'u' }))).toEqual(['u']);
    // A version streamed here, before the page learnt the list with it.
    expect(versionsBeside(reply('page', { streamId: 'b', versions: ['a'] }))).toEqual(['a', 'b']);
  });
});

describe('the thread and the conversation as stored', () => {
  // u1 and a1 read back from the store; u2 sent here, a2 streamed here (server id s2).
  const messages: Record<string, UiMessage> = {
    u1: user('u1', { serverId: 'u1' }),
    a1: reply('a1', { serverId: 'a1' }),
    u2: user('page-u2', { versions: ['old-u2'] }),
    a2: reply('page-a2', { streamId: 's2' }),
    imported: reply('imported', { stored: false, imported: 'file.sse' }),
  };
  const order = ['u1', 'a1', 'u2', 'imported', 'a2'];
  for (const [k, m] of Object.entries(messages)) messages[k] = { ...m, id: k };

  it('learns the server ids and versions of the messages sent here, by place; those that already know them are left', () => {
    const stored = conversation([
      storedUser('u1'),
      storedReply('a1'),
      storedUser('new-u2', ['old-u2', 'new-u2']),
      storedReply('s2'),
    ]);
    const put = withVersions(order, messages, stored);
    expect(put.map((m) => [m.id, m.serverId, m.versions])).toEqual([
      ['u2', 'new-u2', ['old-u2', 'new-u2']],
      ['a2', 's2', undefined],
    ]);
    expect(versionPlace(put[0]!)).toMatchObject({ index: 1, count: 2 });
  });

  it('shows another path: what is shared stays (ids, parsed text), the rest is the server’s', () => {
    const known = { ...messages, u2: user('u2', { serverId: 'new-u2', versions: ['old-u2', 'new-u2'] }) };
    const stored = conversation([
      storedUser('u1'),
      storedReply('a1'),
      storedUser('old-u2', ['old-u2', 'new-u2']),
      storedReply('old-a2'),
    ]);
    const { order: shown, put } = switchedPath(order, known, stored);
    expect(shown).toEqual(['u1', 'a1', 'old-u2', 'old-a2']);
    expect(put.map((m) => [m.id, m.serverId, m.stored])).toEqual([
      ['old-u2', 'old-u2', true],
      ['old-a2', 'old-a2', true],
    ]);
  });
});
