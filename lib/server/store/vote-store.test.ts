/**
 * The vote store against every database Sluice supports: PGlite always, PostgreSQL
 * when TEST_DATABASE_URL names one (as the conversation store's suite).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeBackends } from '@/tests/support/postgres';
import { voteOn } from '@/tests/support/votes';
import { uuidv7 } from '@/lib/server/platform/ids';
import { connect } from '@/lib/server/store';
import { migrate } from '@/lib/server/database/migrations';
import type { SqlClient } from '@/lib/server/database/sql-client';
import { SqlConversationStore } from '@/lib/server/store/conversation-store';
import { VoteStore } from './vote-store';

const backends = storeBackends('sluice-votes-');

for (const backend of backends) {
  describe(`vote store on ${backend.name}`, () => {
    let sql: SqlClient;
    let votes: VoteStore;
    let drop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      const made = await backend.open();
      drop = made.drop;
      sql = await connect(made.env);
      await migrate(sql);
      votes = new VoteStore(sql);
    });
    afterAll(async () => {
      await sql?.close();
      await drop?.();
    });

    /** Moves a vote to another time, as if it had been cast then. */
    const castAt = (id: string, at: string) => sql.query('update votes set created_at = $2 where id = $1', [id, at]);
    const clear = () => sql.query('delete from votes');

    it('keeps a vote as it was given, and lists it whole', async () => {
      await clear();
      const input = voteOn(['sim-openai/sim-echo', 'sim-anthropic/sim-markdown', 'sim-openai/sim-tools'], 'B', {
        prompt: 'Héllo 👋 — which is better?',
      });
      const stored = await votes.recordVote(input, 'local');
      expect(stored).toMatchObject(input);
      expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.now() - Date.parse(stored.createdAt)).toBeLessThan(60_000);
      expect(await votes.listVotes('local')).toEqual([stored]);
    });

    it('keeps each kind of verdict, and a non-blind vote with its reason', async () => {
      await clear();
      const tie = await votes.recordVote(voteOn(['p/a', 'p/b'], 'tie'), 'local');
      const bad = await votes.recordVote(voteOn(['p/a', 'p/b'], 'both-bad'), 'local');
      const named = await votes.recordVote(
        voteOn(['p/a', 'p/b'], 'A', { blind: false, nonBlindReason: 'Reply A names its model ("a").' }),
        'local',
      );
      const listed = await votes.listVotes('local');
      expect(listed.map((v) => v.verdict)).toEqual([{ kind: 'tie' }, { kind: 'both-bad' }, { kind: 'best', label: 'A' }]);
      expect(listed.map((v) => v.id)).toEqual([tie.id, bad.id, named.id]);
      expect(listed[2]).toMatchObject({ blind: false, nonBlindReason: 'Reply A names its model ("a").' });
    });

    it('lists outcomes without the replies, panes in their order', async () => {
      await clear();
      const stored = await votes.recordVote(voteOn(['p/a', 'q/b', 'r/c'], 'C'), 'local');
      const [outcome, ...rest] = await votes.listOutcomes('local');
      expect(rest).toEqual([]);
      expect(outcome).toEqual({
        id: stored.id,
        createdAt: stored.createdAt,
        verdict: { kind: 'best', label: 'C' },
        blind: true,
        panes: [
          { label: 'A', provider: 'p', model: 'a' },
          { label: 'B', provider: 'q', model: 'b' },
          { label: 'C', provider: 'r', model: 'c' },
        ],
      });
    });

    it('filters by time (from included, to not) and by words in the prompt, in any case', async () => {
      await clear();
      const early = await votes.recordVote(voteOn(['p/a', 'p/b'], 'A', { prompt: 'Write a HAIKU about rain' }), 'local');
      const middle = await votes.recordVote(voteOn(['p/a', 'p/b'], 'B', { prompt: 'Sum 2 and 2' }), 'local');
      const late = await votes.recordVote(voteOn(['p/a', 'p/b'], 'tie', { prompt: 'A haiku about snow, 100%_sure' }), 'local');
      await castAt(early.id, '2026-11-01T10:00:00Z');
      await castAt(middle.id, '2026-11-02T00:00:00Z');
      await castAt(late.id, '2026-11-03T23:59:59Z');
      const ids = async (filter: Parameters<VoteStore['listVotes']>[1]) =>
        (await votes.listVotes('local', filter)).map((v) => v.id);
      expect(await ids({ from: '2026-11-02T00:00:00Z' })).toEqual([middle.id, late.id]);
      expect(await ids({ to: '2026-11-02T00:00:00Z' })).toEqual([early.id]);
      expect(await ids({ from: '2026-11-02T00:00:00Z', to: '2026-11-04T00:00:00Z' })).toEqual([middle.id, late.id]);
      expect(await ids({ q: 'haiku' })).toEqual([early.id, late.id]);
      expect(await ids({ q: '  Haiku ABOUT rain ' })).toEqual([early.id]);
      // Words, not patterns: % and _ are themselves.
      expect(await ids({ q: '100%_' })).toEqual([late.id]);
      expect(await ids({ q: '%' })).toEqual([late.id]);
      expect(await ids({ q: 'haiku', from: '2026-11-03T00:00:00Z' })).toEqual([late.id]);
      expect((await votes.listOutcomes('local', { q: 'sum' })).map((v) => v.id)).toEqual([middle.id]);
    });

    it('stores a NUL in a prompt or a reply as U+FFFD, as the rest of the store does', async () => {
      await clear();
      const input = voteOn(['p/a', 'p/b'], 'A', { prompt: 'a\u0000b' });
      input.panes[0]!.reply = 'x\u0000y';
      await votes.recordVote(input, 'local');
      const [stored] = await votes.listVotes('local', { q: 'a\ufffdb' });
      expect(stored?.prompt).toBe('a\ufffdb');
      expect(stored?.panes[0]?.reply).toBe('x\ufffdy');
    });

    it('keeps a vote when its compare session is deleted, with no session to open', async () => {
      await clear();
      const conversations = new SqlConversationStore(sql);
      const compare = await conversations.createCompare({ id: uuidv7(), title: 'Race', ownerId: 'local' });
      const stored = await votes.recordVote(voteOn(['p/a', 'p/b'], 'A', { compareId: compare.id }), 'local');
      expect((await votes.listVotes('local'))[0]?.compareId).toBe(compare.id);
      await conversations.deleteConversation(compare.id);
      expect(await votes.listVotes('local')).toEqual([{ ...stored, compareId: null }]);
    });
  });
}
