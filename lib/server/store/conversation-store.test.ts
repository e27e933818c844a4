/**
 * The store's suite, run against every database Sluice supports: the embedded
 * PGlite always, and a real PostgreSQL server when TEST_DATABASE_URL names one (CI
 * starts Debian's postgresql and sets it; with CI=true and no server, the suite fails
 * rather than quietly covering one database).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyMessage } from '@/lib/assemble/message';
import type { ChatMessage } from '@/lib/protocols/conversation';
import { uuidv7 } from '@/lib/server/platform/ids';
import { freshPgDatabase, postgresOnCi, storeBackends } from '@/tests/support/postgres';
import { INTERRUPTED, StoreError, connect, openStore } from './index';
import { packEvents } from '@/lib/server/database/packed-events';
import { migrate } from '@/lib/server/database/migrations';
import type { ConversationStore, StoredReply, Turn } from './types';

/** Every row here is the one user's of a Sluice without sign-in. */
const OWNER = 'local';

const pgUrl = process.env.TEST_DATABASE_URL;

postgresOnCi('the store suite');

/** Each backend as the suite uses it: `env()` a new database of it, `cleanup()` drops those made once the suite is done. */
const backends = storeBackends('sluice-store-').map(({ name, open }) => {
  const drops: (() => Promise<void>)[] = [];
  return {
    name,
    env: async () => {
      const { env, drop } = await open();
      drops.push(drop);
      return env;
    },
    cleanup: async () => {
      for (const drop of drops.splice(0)) await drop();
    },
  };
});

const reply = (text: string, status: StoredReply['status'] = 'complete'): StoredReply => ({
  ...emptyMessage(status),
  text,
  parts: text ? [{ type: 'text', text }] : [],
  provider: 'sim-openai',
  model: 'sim-echo',
  protocol: 'openai-chat',
  timings: { requestStart: Date.now(), firstByte: 5, firstToken: 7, end: 20 },
});
const user = (text: string): ChatMessage => ({ role: 'user', content: text });

/** One whole turn, as POST /api/chat writes it: the turn, then the final reply. */
async function turn(
  db: ConversationStore,
  conversationId: string,
  options: { newTitle?: string; replaceFrom?: number; messages: ChatMessage[]; answer: string },
) {
  const replyId = uuidv7();
  await db.beginTurn({
    conversationId,
    ownerId: OWNER,
    newTitle: options.newTitle,
    replaceFrom: options.replaceFrom,
    messages: options.messages.map((message) => ({ id: uuidv7(), message })),
    replyId,
    placeholder: reply('', 'streaming'),
  });
  await db.saveReply(conversationId, replyId, reply(options.answer));
  return replyId;
}

const texts = async (db: ConversationStore, id: string) =>
  (await db.getConversation(id))!.messages.map((m) =>
    'text' in m ? `A:${m.text}` : `${m.role === 'user' ? 'U' : m.role}:${m.content as string}`,
  );

for (const backend of backends) {
  describe(`conversation store on ${backend.name}`, () => {
    let env: Record<string, string>;
    let db: ConversationStore;

    beforeAll(async () => {
      env = await backend.env();
      db = await openStore(env);
    });
    afterAll(async () => {
      await db?.close();
      await backend.cleanup();
    });

    it('stores a turn and its reply, in order, with status and timings', async () => {
      const id = uuidv7();
      await turn(db, id, { newTitle: 'Hello there', messages: [user('Hello there')], answer: 'Hi!' });
      const stored = (await db.getConversation(id))!;
      expect(stored.title).toBe('Hello there');
      expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      const answer = stored.messages[1]!;
      expect(answer).toMatchObject({
        role: 'assistant',
        status: 'complete',
        text: 'Hi!',
        provider: 'sim-openai',
        timings: { firstToken: 7, end: 20 },
      });
      expect(await db.conversationExists(id, 'chat', OWNER)).toBe(true);
      expect(await db.conversationExists(uuidv7(), 'chat', OWNER)).toBe(false);
    });

    it('keeps a reply that never finished as the placeholder says: streaming', async () => {
      const id = uuidv7();
      await db.beginTurn({
        conversationId: id,
        ownerId: OWNER,
        newTitle: 't',
        messages: [{ id: uuidv7(), message: user('q') }],
        replyId: uuidv7(),
        placeholder: reply('', 'streaming'),
      });
      expect((await db.getConversation(id))!.messages[1]).toMatchObject({ status: 'streaming' });
    });

    it('settles replies left streaming as errors, and only those', async () => {
      const id = uuidv7();
      await db.beginTurn({
        conversationId: id,
        ownerId: OWNER,
        newTitle: 't',
        messages: [{ id: uuidv7(), message: user('q') }],
        replyId: uuidv7(),
        placeholder: reply('', 'streaming'),
      });
      await turn(db, id, { messages: [user('again')], answer: 'done' });
      expect(await db.settleInterrupted('cut off')).toBeGreaterThanOrEqual(1);
      const [, cut, , done] = (await db.getConversation(id))!.messages;
      expect(cut).toMatchObject({ status: 'error', error: { message: 'cut off' } });
      expect(done).toMatchObject({ status: 'complete', text: 'done' });
      expect(await db.settleInterrupted('cut off')).toBe(0);
    });

    it('keeps a reply’s raw events beside it, for that conversation only, gone with it', async () => {
      const id = uuidv7();
      const replyId = await turn(db, id, { newTitle: 'ev', messages: [user('x')], answer: 'y' });
      const events = {
        items: [
          { at: 3, raw: 'data: {"a":1}\n\n' },
          { at: 9, raw: 'data: [DONE]\n\n' },
        ],
        truncated: true,
      };
      await db.saveReply(id, replyId, reply('y'), packEvents(events));
      expect(await db.replyEvents(id, replyId)).toEqual(events);
      expect(await db.replyEvents(uuidv7(), replyId)).toBeUndefined();
      await db.deleteConversation(id);
      expect(await db.replyEvents(id, replyId)).toBeUndefined();
    });

    it('names the replies with a stored stream, newest first, for the replay provider; one by its id', async () => {
      const id = uuidv7();
      const older = await turn(db, id, { newTitle: 'Replay me', messages: [user('a')], answer: 'b' });
      const newer = await turn(db, id, { messages: [user('c')], answer: 'd' });
      const streamless = await turn(db, id, { messages: [user('e')], answer: 'f' });
      const events = packEvents({ items: [{ at: 1, raw: 'data: {}\n\n' }], truncated: false });
      await db.saveReply(id, older, reply('b'), events);
      await db.saveReply(id, newer, reply('d'), events);
      const listed = await db.replyRecords({ limit: 50, ownerId: OWNER });
      const ours = listed.filter((r) => r.conversationId === id);
      expect(ours.map((r) => r.id)).toEqual([newer, older]);
      expect(ours[0]).toMatchObject({ title: 'Replay me', provider: 'sim-openai', model: 'sim-echo', protocol: 'openai-chat' });
      expect(ours[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(await db.replyRecords({ id: older, ownerId: OWNER })).toEqual([ours[1]]);
      expect(await db.replyRecords({ id: streamless, ownerId: OWNER })).toEqual([]);
      expect(await db.replyRecords({ limit: 1, ownerId: OWNER })).toHaveLength(1);
    });

    it('keeps a reply’s whole upstream body, when its marker cut it, from its turn on, in a new and an existing conversation, and in a fork', async () => {
      const id = uuidv7();
      const body = JSON.stringify({ messages: [{ role: 'user', content: `long ${'ü'.repeat(10_000)} \\u0000 end` }] });
      const first = uuidv7();
      const second = uuidv7();
      for (const [replyId, newTitle] of [
        [first, 'long'],
        [second, undefined],
      ] as const)
        await db.beginTurn({
          conversationId: id,
          ownerId: OWNER,
          newTitle,
          messages: [{ id: uuidv7(), message: user('q') }],
          replyId,
          placeholder: reply('', 'streaming'),
          upstreamBody: body,
        });
      expect(await db.upstreamBody(first, OWNER)).toBe(body); // while the reply streams
      await db.saveReply(id, first, reply('done'));
      expect(await db.upstreamBody(first, OWNER)).toBe(body);
      expect(await db.upstreamBody(second, OWNER)).toBe(body);
      const plain = await turn(db, id, { messages: [user('short')], answer: 'a' });
      expect(await db.upstreamBody(plain, OWNER)).toBeUndefined(); // a body the marker carried whole is not stored twice
      expect(JSON.stringify(await db.getConversation(id))).not.toContain('ü'.repeat(100)); // nor read with the conversation
      const fork = await db.forkConversation(id, uuidv7(), uuidv7);
      const forked = (await db.getConversation(fork!.id))!.messages[1]!;
      expect(await db.upstreamBody(forked.id, OWNER)).toBe(body);
    });

    it('keeps compare sessions with their panes; lists the session, not the panes; forks a pane into a chat', async () => {
      const listDb = await openStore(await backend.env());
      try {
        const compareId = uuidv7();
        expect(await listDb.createCompare({ id: compareId, title: 'Race: haiku', ownerId: OWNER })).toMatchObject({
          id: compareId,
          kind: 'compare',
          title: 'Race: haiku',
        });
        const panes = [uuidv7(), uuidv7(), uuidv7()];
        for (const [pane, id] of panes.entries()) {
          const replyId = uuidv7();
          await listDb.beginTurn({
            conversationId: id,
            ownerId: OWNER,
            newTitle: 'haiku',
            compare: { id: compareId, pane: 2 - pane },
            messages: [{ id: uuidv7(), message: user('write a haiku') }],
            replyId,
            placeholder: reply('', 'streaming'),
          });
          await listDb.saveReply(
            id,
            replyId,
            reply(`pane answer ${pane}`),
            packEvents({ items: [{ at: 1, raw: `data: ${pane}\n\n` }], truncated: false }),
          );
        }
        const other = uuidv7();
        await turn(listDb, other, { newTitle: 'plain chat', messages: [user('x')], answer: 'y' });
        const session = (await listDb.getCompare(compareId))!;
        expect(session.panes.map((p) => p.id)).toEqual([...panes].reverse());
        expect(session.panes.map((p) => p.compare)).toEqual([0, 1, 2].map((pane) => ({ id: compareId, pane })));
        expect(await listDb.getConversation(compareId)).toBeUndefined();
        expect((await listDb.listConversations({ ownerId: OWNER })).conversations.map((c) => [c.id, c.kind])).toEqual([
          [other, 'chat'],
          [compareId, 'compare'],
        ]);
        // A pane's turn makes the session the most recent; its text finds the session.
        await turn(listDb, panes[0]!, { messages: [user('another, about frogs')], answer: 'ok' });
        expect((await listDb.listConversations({ ownerId: OWNER })).conversations[0]!.id).toBe(compareId);
        expect((await listDb.listConversations({ ownerId: OWNER, query: 'frogs' })).conversations.map((c) => c.id)).toEqual([
          compareId,
        ]);

        const forkId = uuidv7();
        expect(await listDb.forkConversation(panes[1]!, forkId, uuidv7)).toMatchObject({
          id: forkId,
          kind: 'chat',
          title: 'haiku',
        });
        const fork = (await listDb.getConversation(forkId))!;
        expect(await texts(listDb, forkId)).toEqual(await texts(listDb, panes[1]!));
        expect(fork.compare).toBeUndefined();
        expect(await listDb.replyEvents(forkId, fork.messages[1]!.id)).toEqual({
          items: [{ at: 1, raw: 'data: 1\n\n' }],
          truncated: false,
        });
        expect(await listDb.forkConversation(uuidv7(), uuidv7(), uuidv7)).toBeUndefined();

        expect(await listDb.deleteConversation(compareId)).toBe(true);
        for (const id of panes) expect(await listDb.getConversation(id)).toBeUndefined();
        expect(await listDb.getConversation(forkId)).toBeDefined();
      } finally {
        await listDb.close();
      }
    });

    it('lists each conversation with the model of its last reply; a compare session with its panes’ models, in pane order', async () => {
      const listDb = await openStore(await backend.env());
      try {
        const chat = uuidv7();
        await turn(listDb, chat, { newTitle: 'two models', messages: [user('x')], answer: 'y' });
        const second = uuidv7();
        await listDb.beginTurn({
          conversationId: chat,
          ownerId: OWNER,
          messages: [{ id: uuidv7(), message: user('again') }],
          replyId: second,
          placeholder: { ...reply('', 'streaming'), model: 'sim-thinking' },
        });
        const compareId = uuidv7();
        await listDb.createCompare({ id: compareId, title: 'Race', ownerId: OWNER });
        for (const [pane, model] of ['sim-markdown', 'sim-tools'].entries())
          await listDb.beginTurn({
            conversationId: uuidv7(),
            ownerId: OWNER,
            newTitle: 'Race',
            compare: { id: compareId, pane: 1 - pane },
            messages: [{ id: uuidv7(), message: user('go') }],
            replyId: uuidv7(),
            placeholder: { ...reply('', 'streaming'), model },
          });
        const empty = await listDb.createCompare({ id: uuidv7(), title: 'Not started', ownerId: OWNER });
        const listed = (await listDb.listConversations({ ownerId: OWNER })).conversations;
        expect(listed.map((c) => [c.title, c.models])).toEqual([
          ['Not started', []],
          ['Race', ['sim-tools', 'sim-markdown']],
          // The reply still streaming is its last: its model is the one shown.
          ['two models', ['sim-thinking']],
        ]);
        expect(empty.models).toBeUndefined();
      } finally {
        await listDb.close();
      }
    });

    it('renames, and an unknown id is not renamed', async () => {
      const id = uuidv7();
      await turn(db, id, { newTitle: 'Old', messages: [user('x')], answer: 'y' });
      expect(await db.renameConversation(id, 'New title')).toMatchObject({ id, title: 'New title' });
      expect((await db.getConversation(id))!.title).toBe('New title');
      expect(await db.renameConversation(uuidv7(), 'x')).toBeUndefined();
    });

    it('deletes a conversation with its messages', async () => {
      const id = uuidv7();
      await turn(db, id, { newTitle: 'Doomed', messages: [user('x')], answer: 'y' });
      expect(await db.deleteConversation(id)).toBe(true);
      expect(await db.getConversation(id)).toBeUndefined();
      expect(await db.deleteConversation(id)).toBe(false);
    });

    it('keeps what a regenerate or an edit replaces as other versions of its turn', async () => {
      const id = uuidv7();
      await turn(db, id, { newTitle: 'c', messages: [user('one')], answer: 'first' });
      const second = await turn(db, id, { messages: [user('two')], answer: 'second' });
      // Regenerate the second reply (position 3): nothing new, a new reply beside it.
      const again = await turn(db, id, { replaceFrom: 3, messages: [], answer: 'second again' });
      expect(await texts(db, id)).toEqual(['U:one', 'A:first', 'U:two', 'A:second again']);
      const shown = (await db.getConversation(id))!.messages;
      expect(shown.map((m) => m.versions)).toEqual([undefined, undefined, undefined, [second, again]]);
      // Edit the second question (position 2): the old one and its replies stay, on it.
      const third = await turn(db, id, { replaceFrom: 2, messages: [user('two, edited')], answer: 'third' });
      const edited = (await db.getConversation(id))!.messages;
      expect(await texts(db, id)).toEqual(['U:one', 'A:first', 'U:two, edited', 'A:third']);
      expect(edited[2]!.versions).toEqual([shown[2]!.id, edited[2]!.id]);
      expect(edited[3]!.versions).toBeUndefined();
      // Each version keeps its own stored reply, found by its id.
      expect(await db.getMessage(id, second)).toMatchObject({ text: 'second' });
      expect(edited[3]!.id).toBe(third);

      // Back to the old question: its latest reply shows, and a reload (another read) keeps it.
      const back = await db.showVersion(id, shown[2]!.id);
      expect(back !== 'busy' && back?.messages.map((m) => m.id)).toEqual(shown.map((m) => m.id));
      expect(await texts(db, id)).toEqual(['U:one', 'A:first', 'U:two', 'A:second again']);
      expect(await db.showVersion(id, second)).toBeTruthy();
      expect(await texts(db, id)).toEqual(['U:one', 'A:first', 'U:two', 'A:second']);
      // A turn now follows the version shown, and a regenerate there goes beside its versions.
      await turn(db, id, { messages: [user('three')], answer: 'after second' });
      expect(await texts(db, id)).toEqual(['U:one', 'A:first', 'U:two', 'A:second', 'U:three', 'A:after second']);
      const fourth = await turn(db, id, { replaceFrom: 3, messages: [], answer: 'second, third take' });
      expect((await db.getConversation(id))!.messages[3]!.versions).toEqual([second, again, fourth]);
      // Showing the version with a follow-up shows its follow-up too.
      await db.showVersion(id, second);
      expect(await texts(db, id)).toEqual(['U:one', 'A:first', 'U:two', 'A:second', 'U:three', 'A:after second']);
      // An edit of the first message (position 0) starts a second root.
      await turn(db, id, { replaceFrom: 0, messages: [user('one, edited')], answer: 'fresh' });
      const rooted = (await db.getConversation(id))!.messages;
      expect(rooted.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(rooted[0]!.versions).toHaveLength(2);
      // Unknown, or another conversation's, message: nothing changes.
      expect(await db.showVersion(id, uuidv7())).toBeUndefined();
      const other = uuidv7();
      await turn(db, other, { newTitle: 'other', messages: [user('x')], answer: 'y' });
      expect(await db.showVersion(other, second)).toBeUndefined();
      expect(await texts(db, id)).toEqual(['U:one, edited', 'A:fresh']);
    });

    it('shows a branch again as it was left: the version last chosen in it, not the newest', async () => {
      const id = uuidv7();
      const a1 = await turn(db, id, { newTitle: 'branches', messages: [user('q')], answer: 'a1' });
      await turn(db, id, { replaceFrom: 1, messages: [], answer: 'a2' });
      await db.showVersion(id, a1);
      const question = (await db.getConversation(id))!.messages[0]!.id;
      await turn(db, id, { replaceFrom: 0, messages: [user('q, edited')], answer: 'b' });
      expect(await texts(db, id)).toEqual(['U:q, edited', 'A:b']);
      await db.showVersion(id, question);
      expect(await texts(db, id)).toEqual(['U:q', 'A:a1']);
    });

    it('refuses to show another version while a reply of the conversation streams', async () => {
      const id = uuidv7();
      const first = await turn(db, id, { newTitle: 'busy versions', messages: [user('q')], answer: 'a' });
      const replyId = uuidv7();
      await db.beginTurn({
        conversationId: id,
        ownerId: OWNER,
        replaceFrom: 1,
        messages: [],
        replyId,
        placeholder: reply('', 'streaming'),
      });
      expect(await db.showVersion(id, first)).toBe('busy');
      expect((await db.getConversation(id))!.messages.at(-1)!.id).toBe(replyId);
      await db.saveReply(id, replyId, reply('b'));
      expect(await db.showVersion(id, first)).toBeTruthy();
      expect(await texts(db, id)).toEqual(['U:q', 'A:a']);
    });

    it('forks a conversation with its versions, showing the one shown', async () => {
      const id = uuidv7();
      const first = await turn(db, id, { newTitle: 'fork versions', messages: [user('q')], answer: 'a' });
      await turn(db, id, { replaceFrom: 1, messages: [], answer: 'b' });
      await db.showVersion(id, first);
      const fork = (await db.forkConversation(id, uuidv7(), uuidv7))!;
      const copied = (await db.getConversation(fork.id))!;
      expect(await texts(db, fork.id)).toEqual(['U:q', 'A:a']);
      expect(copied.messages[1]!.versions).toHaveLength(2);
      expect(copied.messages[1]!.versions).not.toContain(first);
      const [, later] = copied.messages[1]!.versions!;
      await db.showVersion(fork.id, later!);
      expect(await texts(db, fork.id)).toEqual(['U:q', 'A:b']);
      expect(await texts(db, id)).toEqual(['U:q', 'A:a']);
    });

    it('keeps two tabs writing to one conversation from corrupting it: every turn whole and contiguous', async () => {
      const id = uuidv7();
      await turn(db, id, { newTitle: 'busy', messages: [user('start')], answer: 'ok' });
      await Promise.all(Array.from({ length: 8 }, (_, i) => turn(db, id, { messages: [user(`q${i}`)], answer: `a${i}` })));
      const rows = await texts(db, id);
      expect(rows).toHaveLength(2 + 16);
      for (let i = 2; i < rows.length; i += 2) {
        const n = rows[i]!.slice(3);
        expect(rows[i + 1]).toBe(`A:a${n}`);
      }
      expect(new Set(rows).size).toBe(rows.length);
    });

    it('writes turns begun together each whole, new and continued, panes and chats; a bad one fails alone', async () => {
      const old = uuidv7();
      await turn(db, old, { newTitle: 'old', messages: [user('start')], answer: 'ok' });
      const session = uuidv7();
      await db.createCompare({ id: session, title: 'session', ownerId: OWNER });
      const begun = (conversationId: string, extra: Partial<Turn> = {}) => ({
        conversationId,
        ownerId: OWNER,
        newTitle: `chat ${conversationId}`,
        messages: [{ id: uuidv7(), message: user(`q ${conversationId}`) }],
        replyId: uuidv7(),
        placeholder: reply('', 'streaming'),
        ...extra,
      });
      const fresh = Array.from({ length: 30 }, () => begun(uuidv7()));
      const panes = [0, 1].map((pane) => begun(uuidv7(), { compare: { id: session, pane } }));
      const next = begun(old, { newTitle: undefined });
      const clash = begun(old); // a new conversation with an id that is taken
      const all = [...fresh, clash, ...panes, next];
      const settled = await Promise.allSettled(all.map((t) => db.beginTurn(t)));
      expect(settled.map((s) => s.status)).toEqual(all.map((t) => (t === clash ? 'rejected' : 'fulfilled')));
      for (const t of [...fresh, ...panes]) expect(await texts(db, t.conversationId)).toEqual([`U:q ${t.conversationId}`, 'A:']);
      expect(await texts(db, old)).toEqual(['U:start', 'A:ok', `U:q ${old}`, 'A:']);
      expect((await db.getCompare(session))!.panes.map((p) => p.id)).toEqual(panes.map((p) => p.conversationId));
    });

    describe('listing', () => {
      // A database of its own, so other tests' conversations do not show up in its pages.
      let ids: string[];
      let db: ConversationStore;
      beforeAll(async () => {
        db = await openStore(await backend.env());
        ids = [];
        for (let i = 0; i < 7; i++) {
          const id = uuidv7();
          ids.push(id);
          await turn(db, id, {
            newTitle: i === 3 ? 'Quarterly 100%_report' : `Chat ${i}`,
            messages: [user(i === 5 ? 'Tell me about Ünïcode GARDENS' : `question ${i}`)],
            answer: i === 1 ? 'The answer is purple.' : `answer ${i}`,
          });
        }
      });

      it('lists newest activity first, in pages that neither skip nor repeat', async () => {
        const seen: string[] = [];
        let cursor: string | undefined;
        const sizes: number[] = [];
        do {
          const page = await db.listConversations({ ownerId: OWNER, limit: 3, cursor });
          sizes.push(page.conversations.length);
          seen.push(...page.conversations.map((c) => c.id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(sizes).toEqual([3, 3, 1]);
        expect(seen).toEqual([...ids].reverse());
      });

      it('moves a conversation to the top when it gets a new turn', async () => {
        await turn(db, ids[0]!, { messages: [user('again')], answer: 'yes' });
        const page = await db.listConversations({ ownerId: OWNER, limit: 2 });
        expect(page.conversations[0]!.id).toBe(ids[0]);
      });

      it('searches titles and message text, case-insensitively, taking % and _ literally', async () => {
        const found = async (query: string) =>
          (await db.listConversations({ ownerId: OWNER, query })).conversations.map((c) => c.id);
        expect(await found('quarterly')).toEqual([ids[3]]);
        expect(await found('100%_')).toEqual([ids[3]]);
        expect(await found('%')).toEqual([ids[3]]);
        expect(await found('PURPLE')).toEqual([ids[1]]);
        expect(await found('ünïcode gardens')).toEqual([ids[5]]);
        expect(await found('nothing like this')).toEqual([]);
        // A refusal is searchable too, and a reply saved again is found by its new text only.
        const refused = uuidv7();
        const replyId = uuidv7();
        await db.beginTurn({
          conversationId: refused,
          ownerId: OWNER,
          newTitle: 'r',
          messages: [{ id: uuidv7(), message: user('x') }],
          replyId,
          placeholder: reply('', 'streaming'),
        });
        await db.saveReply(refused, replyId, { ...reply('first words'), refusal: 'I cannot discuss Zeppelins' });
        expect(await found('zeppelins')).toEqual([refused]);
        await db.saveReply(refused, replyId, reply('second words'));
        expect([await found('zeppelins'), await found('first words'), await found('second words')]).toEqual([[], [], [refused]]);
        await db.deleteConversation(refused);
      });

      it('refuses a cursor it did not give', async () => {
        await expect(db.listConversations({ ownerId: OWNER, cursor: '1; drop table conversations' })).rejects.toThrow(/cursor/);
      });

      afterAll(() => db.close());
    });

    it('survives a restart: reopened, the data is there and migrations do not run twice', async () => {
      const reopenEnv = await backend.env();
      const first = await openStore(reopenEnv);
      const id = uuidv7();
      await turn(first, id, { newTitle: 'Persistent', messages: [user('remember me')], answer: 'I will' });
      await first.close();
      const second = await openStore(reopenEnv);
      expect(await texts(second, id)).toEqual(['U:remember me', 'A:I will']);
      await second.close();
    });

    it('migrates conversations stored before versions: each message under the one before it, the last one shown', async () => {
      const env = await backend.env();
      const old = await connect(env);
      await migrate(old, 8);
      const [id, empty] = [uuidv7(), uuidv7()];
      const ids = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
      const body = (i: number) => (i % 2 === 0 ? JSON.stringify({ content: `q${i}` }) : JSON.stringify(reply(`a${i}`)));
      await old.batch([
        { sql: "insert into conversations (id, title) values ($1, 'old'), ($2, 'empty')", params: [id, empty] },
        ...ids.map((messageId, i) => ({
          sql: 'insert into messages (id, conversation_id, seq, role, status, body) values ($1, $2, $3, $4, $5, $6)',
          params: [messageId, id, i + 1, i % 2 === 0 ? 'user' : 'assistant', i % 2 === 0 ? null : 'complete', body(i)],
        })),
      ]);
      await old.close();
      const db = await openStore(env);
      try {
        expect(await texts(db, id)).toEqual(['U:q0', 'A:a1', 'U:q2', 'A:a3']);
        expect((await db.getConversation(empty))!.messages).toEqual([]);
        // It goes on as any conversation: a regenerate keeps the migrated reply as a version.
        const again = await turn(db, id, { replaceFrom: 3, messages: [], answer: 'a3 again' });
        expect((await db.getConversation(id))!.messages[3]!.versions).toEqual([ids[3], again]);
        await turn(db, empty, { messages: [user('first')], answer: 'now' });
        expect(await texts(db, empty)).toEqual(['U:first', 'A:now']);
        expect((await db.listConversations({ ownerId: OWNER, query: 'a3 again' })).conversations.map((c) => c.id)).toEqual([id]);
      } finally {
        await db.close();
      }
    });

    it('reads an event log stored as items, before logs were packed, as it was', async () => {
      const env = await backend.env();
      const old = await connect(env);
      await migrate(old, 4);
      const [id, replyId] = [uuidv7(), uuidv7()];
      const items = [
        { at: 2, raw: 'data: {"a":"😀"}\n\n' },
        { at: 7.5, raw: ': keep-alive\n\n' },
      ];
      await old.batch([
        { sql: "insert into conversations (id, title) values ($1, 'old')", params: [id] },
        {
          sql: "insert into messages (id, conversation_id, seq, role, status, body) values ($1, $2, 0, 'assistant', 'complete', '{}')",
          params: [replyId, id],
        },
        {
          sql: 'insert into reply_events (message_id, items, truncated) values ($1, $2, true)',
          params: [replyId, JSON.stringify(items)],
        },
      ]);
      await old.close();
      const db = await openStore(env);
      try {
        expect(await db.replyEvents(id, replyId)).toEqual({ items, truncated: true });
        await db.saveReply(id, replyId, reply('again'), packEvents({ items: items.slice(1), truncated: false }));
        expect(await db.replyEvents(id, replyId)).toEqual({ items: items.slice(1), truncated: false });
      } finally {
        await db.close();
      }
    });
  });
}

describe('a reply cut off by a stopped server', () => {
  it('is stored as an error when the embedded database opens again', async () => {
    const env = { SLUICE_DATA_DIR: mkdtempSync(join(tmpdir(), 'sluice-store-')) };
    const id = uuidv7();
    const first = await openStore(env);
    await first.beginTurn({
      conversationId: id,
      ownerId: OWNER,
      newTitle: 't',
      messages: [{ id: uuidv7(), message: user('q') }],
      replyId: uuidv7(),
      placeholder: reply('', 'streaming'),
    });
    await first.close();
    const again = await openStore(env);
    try {
      expect((await again.getConversation(id))!.messages[1]).toMatchObject({ status: 'error', error: { message: INTERRUPTED } });
    } finally {
      await again.close();
    }
  });
});

describe('opening a database that cannot be used', () => {
  it('names an unreachable PostgreSQL server, without its password', async () => {
    const error = await openStore({ DATABASE_URL: 'postgres://sluice:hunter2-secret@127.0.0.1:1/nowhere' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreError);
    expect((error as Error).message).toMatch(
      /Cannot open the PostgreSQL database at 127\.0\.0\.1:1\/nowhere \(DATABASE_URL\): .*ECONNREFUSED/,
    );
    expect((error as Error).message).not.toContain('hunter2');
  });

  it('names a corrupt embedded data folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-corrupt-'));
    writeFileSync(join(dir, 'PG_VERSION'), 'not a version\n');
    const error = await openStore({ SLUICE_DATA_DIR: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as Error).message).toContain(`Cannot open the embedded database in ${dir} (SLUICE_DATA_DIR)`);
  });
});

describe.runIf(pgUrl)('instances starting together on one PostgreSQL database', () => {
  it('migrate it once between them: every one opens, and the schema is applied once', async () => {
    const { url, drop } = await freshPgDatabase(pgUrl!);
    try {
      const stores = await Promise.all(Array.from({ length: 4 }, () => openStore({ DATABASE_URL: url })));
      await Promise.all(stores.map((s) => s.close()));
      const sql = await connect({ DATABASE_URL: url });
      try {
        const { rows } = await sql.query<{ version: number }>('select version from schema_migrations order by version');
        expect(rows.map((r) => Number(r.version))).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
      } finally {
        await sql.close();
      }
    } finally {
      await drop();
    }
  });
});
