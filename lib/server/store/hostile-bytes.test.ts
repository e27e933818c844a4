/**
 * The store takes whatever an upstream sent: a reply, a turn and a capture holding NULs,
 * lone surrogates and invalid UTF-8 are written in one go and read back, their text with
 * U+FFFD for what the database cannot hold, their event logs exactly as given; and the
 * second, minimal write of a reply or capture whose write failed settles it. PGlite
 * always, PostgreSQL when TEST_DATABASE_URL names a server (tests/hostile-bytes.test.ts
 * does the same over HTTP).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import type { StoredEvents } from '@/lib/api/conversations';
import { packEvents } from '@/lib/server/database/packed-events';
import { storableText } from '@/lib/server/database/storable';
import { uuidv7 } from '@/lib/server/platform/ids';
import { postgresOnCi, storeBackends } from '@/tests/support/postgres';
import type { CaptureStart } from './capture-store';
import { openStore } from './index';
import type { ConversationStore, StoredReply } from './types';

postgresOnCi('store hostile-bytes');

/** Text an upstream's JSON can carry: any code units, NULs and halves of an emoji among them. */
const hostileText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\u0000', '\ud83e', '\udd80', '🦀', '\\', 'u0000'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 60,
});
/** An event log's items as the server's copy makes them: decoded bytes (invalid UTF-8 as U+FFFD, raw NULs kept). */
const eventLog: fc.Arbitrary<StoredEvents> = fc.record({
  items: fc.array(
    fc.record({
      at: fc.double({ min: 0, max: 1e6, noNaN: true }),
      raw: fc.oneof(
        fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('utf8')),
        fc.string({ unit: 'grapheme' }),
      ),
    }),
    { maxLength: 12 },
  ),
  truncated: fc.boolean(),
});

const reply = (text: string, status: StoredReply['status'], error?: string): StoredReply => ({
  ...emptyMessage(status),
  text,
  parts: text ? [{ type: 'text', text }] : [],
  warnings: [{ kind: 'malformed', count: 1, message: `Unexpected token '${text.slice(0, 1)}'`, items: [1] }],
  ...(error !== undefined ? { error: { message: error } } : {}),
  provider: 'hostile',
  model: text.slice(0, 8),
  protocol: 'openai-chat',
  timings: { requestStart: 1, firstByte: 5, end: 20 },
});

const capture = (id: string, text: string): CaptureStart => ({
  id,
  provider: 'hostile',
  method: 'POST',
  path: `/chat/${text.slice(0, 4)}`,
  model: text,
  status: 'streaming',
  startedAt: new Date().toISOString(),
  sse: true,
  timings: {},
  request: { method: 'POST', url: 'http://127.0.0.1:1/v1/chat', headers: {}, body: { text, bytes: 1, truncated: false } },
  response: { status: 200, headers: { 'content-type': 'text/event-stream' } },
  owner: 'local',
});

describe.each(storeBackends('sluice-hostile-'))('hostile bytes in the store on $name', ({ open }) => {
  let db: ConversationStore;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await open();
    drop = opened.drop;
    db = await openStore(opened.env);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('stores a turn and its reply, their text as text can be, their event log exactly', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, eventLog, async (asked, answered, events) => {
        const conversationId = uuidv7();
        const replyId = uuidv7();
        await db.beginTurn({
          conversationId,
          ownerId: 'local',
          newTitle: asked,
          messages: [{ id: uuidv7(), message: { role: 'user', content: asked } }],
          replyId,
          placeholder: reply('', 'streaming'),
          upstreamBody: asked,
        });
        await db.saveReply(conversationId, replyId, reply(answered, 'complete', answered), packEvents(events));
        const stored = (await db.getConversation(conversationId))!;
        expect(stored.title).toBe(storableText(asked));
        expect(stored.messages[0]).toMatchObject({ role: 'user', content: storableText(asked) });
        expect(stored.messages[1]).toMatchObject({
          status: 'complete',
          text: storableText(answered),
          error: { message: storableText(answered) },
          model: storableText(answered.slice(0, 8)),
        });
        expect(await db.replyEvents(conversationId, replyId)).toEqual(events);
      }),
      { numRuns: 40 },
    );
  });

  it('stores a capture from its listing to its end, its event log exactly', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, eventLog, async (text, events) => {
        const id = uuidv7();
        const start = capture(id, text);
        await db.captures.start(start);
        const { request, response, owner, ...summary } = start;
        void owner;
        await db.captures.end(id, {
          summary: { ...summary, status: 'complete', error: text },
          response,
          events: packEvents(events),
          reply: { ...emptyMessage('complete'), text },
          chunks: { sizes: [1], at: [1] },
          searchText: `${request.body.text} ${text}`,
        });
        const read = (await db.captures.get(id, 'local'))!;
        expect(read).toMatchObject({
          status: 'complete',
          model: storableText(text),
          error: storableText(text),
          reply: { text: storableText(text) },
          request: { body: { text: storableText(text) } },
        });
        expect(read.events).toEqual(events);
      }),
      { numRuns: 40 },
    );
  });

  it('settles a reply, and a capture, with the second, minimal write', async () => {
    const conversationId = uuidv7();
    const replyId = uuidv7();
    await db.beginTurn({
      conversationId,
      ownerId: 'local',
      newTitle: 't',
      messages: [{ id: uuidv7(), message: { role: 'user', content: 'q' } }],
      replyId,
      placeholder: reply('', 'streaming'),
    });
    await db.failReply(conversationId, replyId, 'The database refused this reply (a NUL: \u0000, half an emoji: \ud83e).');
    expect((await db.getConversation(conversationId))!.messages[1]).toMatchObject({
      status: 'error',
      provider: 'hostile',
      error: { message: 'The database refused this reply (a NUL: \ufffd, half an emoji: \ufffd).' },
    });
    expect(await db.replyEvents(conversationId, replyId)).toBeUndefined();

    const id = uuidv7();
    await db.captures.start(capture(id, 'x'));
    await db.captures.fail(id, 'complete', 'Sluice could not store this exchange whole (\u0000).');
    const listed = (await db.captures.list('local', { limit: 200 })).items.find((c) => c.id === id);
    expect(listed).toMatchObject({ status: 'complete', error: 'Sluice could not store this exchange whole (\ufffd).' });
    expect(await db.captures.get(id, 'local')).toMatchObject({ status: 'complete' });
  });
});
