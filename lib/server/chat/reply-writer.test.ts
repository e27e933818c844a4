import { describe, expect, it, vi } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import type { Provider } from '@/lib/providers/types';
import type { ConversationStore, Turn } from '../store/types';
import { ReplyWriter } from './reply-writer';

const KEY = 'sk-live-0123456789abcdef';
const provider = { id: 'openai', protocol: 'openai-chat', secrets: [KEY], headers: {} } as unknown as Provider;
const turn = { conversationId: 'c1', replyId: 'r1', messages: [], placeholder: {} } as unknown as Turn;

describe('a reply whose save the database refuses', () => {
  it('is settled by a second, minimal write naming the problem (never a key), never left streaming', async () => {
    const failed: [string, string, string][] = [];
    const db = {
      shared: false,
      beginTurn: async () => undefined,
      saveReply: async () => {
        throw new Error(`invalid input syntax for type json near ${KEY}`);
      },
      failReply: async (conversationId: string, messageId: string, message: string) =>
        void failed.push([conversationId, messageId, message]),
    } as unknown as ConversationStore;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await new ReplyWriter(db, turn, provider, 'm', { requestStart: 0 }).save({ ...emptyMessage('complete'), text: 'hi' });
      expect(failed).toEqual([
        ['c1', 'r1', 'The database refused this reply (invalid input syntax for type json near [redacted]).'],
      ]);
      expect(errors.mock.calls.flat().join('\n')).not.toContain(KEY);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
