import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import type { Provider } from '@/lib/providers/types';
import type { ConversationStore, Turn } from '../store/types';
import { ReplyWriter } from './reply-writer';

const KEY = 'sk-live-0123456789abcdef';
const provider = { id: 'openai', protocol: 'openai-chat', secrets: [KEY], headers: {} } as unknown as Provider;

/** A writer over a store that takes every write. */
function writer(): { writer: ReplyWriter; saved: unknown[] } {
  const saved: unknown[] = [];
  const db = {
    shared: false,
    beginTurn: async () => undefined,
    saveReply: async (_c: string, _m: string, reply: unknown) => void saved.push(reply),
  } as unknown as ConversationStore;
  const turn = { conversationId: 'c1', replyId: 'r-0193', messages: [], placeholder: {} } as unknown as Turn;
  return { writer: new ReplyWriter(db, turn, provider, 'gpt-4.1-mini', { requestStart: 0 }), saved };
}

describe('the server’s log of replies that did not complete', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes one line per failed, stopped or truncated reply: status, provider, model, message id, reason, never the key', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((line: string) => void lines.push(line));
    const { writer: failed } = writer();
    await failed.save({ ...emptyMessage('error'), error: { message: `Incorrect API key provided:\n${KEY}` } });
    const { writer: stopped } = writer();
    await stopped.save({ ...emptyMessage('stopped'), error: { message: 'Stopped: the server stopped.' } });
    const { writer: cut } = writer();
    await cut.save(emptyMessage('truncated'));
    expect(lines).toEqual([
      'sluice: reply error provider=openai model="gpt-4.1-mini" message=r-0193 reason="Incorrect API key provided: [redacted]"',
      'sluice: reply stopped provider=openai model="gpt-4.1-mini" message=r-0193 reason="Stopped: the server stopped."',
      expect.stringMatching(
        /^sluice: reply truncated provider=openai model="gpt-4\.1-mini" message=r-0193 reason="The stream ended/,
      ),
    ]);
  });

  it('writes nothing for a complete reply', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await writer().writer.save(emptyMessage('complete'));
    expect(warn).not.toHaveBeenCalled();
  });

  it('a log that cannot be written does not stop the reply from being stored', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {
      throw new Error('EPIPE: the log is gone');
    });
    const { writer: failed, saved } = writer();
    await failed.save({ ...emptyMessage('error'), error: { message: 'boom' } });
    expect(saved).toHaveLength(1);
  });
});
