import { describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import { storedPosition, toRequestMessages, unseenByServer } from './request-messages';
import type { UiMessage } from './ui-message';

const reply = (id: string, text: string, more: Partial<Extract<UiMessage, { role: 'assistant' }>> = {}): UiMessage => ({
  id,
  role: 'assistant',
  provider: 'p',
  model: 'm',
  reply: { ...emptyMessage('complete'), text, parts: [{ type: 'text', text }] },
  figures: {},
  ...more,
});

/** A chat opened from a capture: its history, replies included, is the page's alone until the first request. */
const seeded: Record<string, UiMessage> = {
  s: { id: 's', role: 'system', content: 'Be brief.' },
  u1: { id: 'u1', role: 'user', content: 'Hi' },
  a1: reply('a1', 'Hello'),
  imported: reply('imported', 'From a file', { imported: 'x.sse' }),
  u2: { id: 'u2', role: 'user', content: 'Again' },
};
const order = ['s', 'u1', 'a1', 'imported', 'u2'];

describe('what the server has not seen', () => {
  it('a new conversation: every message its request carries, replies too, none it leaves out', () => {
    expect(toRequestMessages(order, seeded).map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(unseenByServer(order, seeded, undefined)).toEqual({ unstored: ['s', 'u1', 'a1', 'u2'], history: undefined });
  });

  it('a stored conversation: the turn’s new messages, its replies coming from their streams', () => {
    const stored = { ...seeded, s: { ...seeded.s!, stored: true }, u1: { ...seeded.u1!, stored: true } };
    expect(unseenByServer(order, stored, 'c1', 2)).toEqual({
      unstored: ['u2'],
      history: { conversationId: 'c1', newMessages: 1, replaceFrom: 2 },
    });
  });

  it('once marked stored, a seeded reply counts in stored positions', () => {
    const stored = Object.fromEntries(Object.entries(seeded).map(([k, m]) => [k, { ...m, stored: k !== 'imported' }])) as Record<
      string,
      UiMessage
    >;
    expect(storedPosition(order, stored, 'u2')).toBe(3);
  });
});
