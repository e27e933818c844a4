/**
 * Request bodies stored as blocks (body-blocks.ts), on PGlite always and on PostgreSQL
 * when TEST_DATABASE_URL names a server: an agent run of 200 requests of ~150 KB, each the
 * last one and a step more, is kept in under 3 MB and read back exactly; search finds what
 * is in any block; deleting captures frees the blocks only they named, and never one that
 * a capture being written names.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@/lib/server/database/migrations';
import type { SqlClient } from '@/lib/server/database/sql-client';
import { uuidv7 } from '@/lib/server/platform/ids';
import { splitText } from '@/lib/text-blocks';
import { agentRunRequests, recordAgentRun, storedRequestBytes } from '@/tests/support/agent-run';
import { storeBackends } from '@/tests/support/postgres';
import { blocksOf, hashList, insertLock, storeBlocks } from './body-blocks';
import { CaptureStore } from './capture-store';
import { connect } from './index';
import { RunStore } from './run-store';

const backends = storeBackends('sluice-blocks-');

const bodies = agentRunRequests(200);
const naive = bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0);

for (const backend of backends) {
  describe(`request bodies as blocks on ${backend.name}`, () => {
    let sql: SqlClient;
    let captures: CaptureStore;
    let runs: RunStore;
    let drop: (() => Promise<void>) | undefined;
    let url: string | undefined;
    let ids: string[];
    const runId = 'run-blocks';
    const count = async (table: string) =>
      Number((await sql.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
    /** The distinct blocks the captures still name: every one is stored, and no other. */
    const named = async () =>
      Number(
        (await sql.query<{ n: string }>('select count(distinct h) as n from captures, unnest(request_blocks) as h')).rows[0]!.n,
      );

    beforeAll(async () => {
      const made = await backend.open();
      drop = made.drop;
      url = made.env.DATABASE_URL;
      sql = await connect(made.env);
      await migrate(sql);
      captures = new CaptureStore(sql);
      runs = new RunStore(sql);
      ids = await recordAgentRun(captures, bodies, runId);
    }, 300_000);
    afterAll(async () => {
      await sql?.close();
      await drop?.();
    });

    it('keeps a 200-request run of ~150 KB requests in under 3 MB, 30 MB sent', async () => {
      expect(naive).toBeGreaterThan(30_000_000);
      const stored = await storedRequestBytes(sql);
      console.log(`${backend.name}: ${JSON.stringify(stored)} bytes stored for ${naive} bytes of request bodies`);
      expect(stored.total).toBeLessThanOrEqual(3_000_000);
      expect(await count('body_blocks')).toBe(await named());
    });

    it('reads every request back exactly, and the few a run page compares', async () => {
      for (const [i, id] of ids.entries()) {
        const capture = (await captures.get(id, 'local'))!;
        expect(capture.request.body).toEqual({ text: bodies[i], bytes: Buffer.byteLength(bodies[i]!), truncated: false });
        expect(capture.request.headers['anthropic-version']).toBe('2023-06-01');
      }
      const some = await runs.bodies(runId, [ids[0]!, ids[99]!, ids[199]!]);
      expect([...some.values()]).toEqual([bodies[0], bodies[99], bodies[199]]);
    });

    it('finds a word in any block, and a phrase across a cut, in every capture that holds it', async () => {
      // A tool call's path, added at step 150: in requests 151 to 200.
      const path = /"file_path":"([^"]+-150\.ts)"/.exec(bodies[199]!)![1]!;
      expect(bodies.filter((body) => body.includes(path))).toHaveLength(50);
      const found = await captures.list('local', { q: path, limit: 200 });
      expect(found.items.map((c) => c.id).sort()).toEqual(ids.slice(150).sort());
      // The words either side of the first request's second cut: in every request.
      const [first] = splitText(bodies[0]!);
      const phrase = bodies[0]!.slice(first!.length - 20, first!.length + 20);
      expect(splitText(bodies[0]!).some((block) => block.includes(phrase))).toBe(false);
      expect((await captures.list('local', { q: phrase, limit: 200 })).items).toHaveLength(200);
      expect((await captures.list('local', { q: 'Step 42:', limit: 200 })).items.map((c) => c.id)).toEqual([ids[41]]);
      expect((await captures.list('local', { q: 'nowhere in any request', limit: 200 })).items).toEqual([]);
    });

    it('reads a capture stored before blocks as it was', async () => {
      const id = uuidv7();
      const request = {
        method: 'POST',
        url: 'http://x/v1',
        headers: {},
        body: { text: '{"old":"inline"}', bytes: 16, truncated: false },
      };
      await sql.query(
        `insert into captures (id, changed, started_at, provider, method, path, status, summary, request, search_text, run_id)
         values ($1, nextval('capture_changes'), now(), 'p', 'POST', '/v1', 'complete', $2::jsonb, $3::jsonb, $4, $5)`,
        [id, JSON.stringify({ id, status: 'complete', timings: {} }), JSON.stringify(request), request.body.text, runId],
      );
      expect((await captures.get(id, 'local'))!.request.body).toEqual(request.body);
      expect((await runs.bodies(runId, [id])).get(id)).toBe(request.body.text);
      expect((await captures.list('local', { q: '"old":"inline"' })).items.map((c) => c.id)).toEqual([id]);
      expect(await captures.delete(id, 'local')).toBe(true);
    });

    it('frees the blocks of the captures retention deletes, keeping those later ones share', async () => {
      const before = await count('body_blocks');
      await captures.prune(100);
      expect(await count('captures')).toBe(100);
      const after = await count('body_blocks');
      expect(after).toBeLessThan(before);
      expect(after).toBe(await named());
      for (const [i, id] of ids.entries())
        if (i >= 100) expect((await captures.get(id, 'local'))!.request.body.text).toBe(bodies[i]);
      // The newest capture's last block is its own: deleting it frees that block.
      expect(await captures.delete(ids[199]!, 'local')).toBe(true);
      expect(await count('body_blocks')).toBeLessThan(after);
      expect(await count('body_blocks')).toBe(await named());
      await captures.prune(0);
      expect(await count('body_blocks')).toBe(0);
    });

    // PGlite has one connection, and a transaction holds it whole: there nothing runs between
    // a capture's blocks and its row. PostgreSQL runs them side by side.
    it.runIf(backend.name === 'PostgreSQL')('never deletes a block that a capture being written names', async () => {
      const body = bodies[20]!;
      const [old] = await recordAgentRun(captures, [body], runId);
      const blocks = blocksOf('local', body);
      // Another instance writing a capture of the same body: its blocks are there (stored
      // before), its row not yet.
      const writer = new pg.Client({ connectionString: url });
      await writer.connect();
      try {
        await writer.query('begin');
        await writer.query(insertLock.sql, insertLock.params);
        await writer.query(storeBlocks(blocks).sql, storeBlocks(blocks).params);
        const deleting = captures.delete(old!, 'local').then(() => 'deleted');
        const waiting = (async () => {
          for (;;) {
            const { rows } = await writer.query("select 1 from pg_locks where locktype = 'advisory' and not granted");
            if (rows.length) return 'waiting';
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        })();
        // The delete waits for the capture being written, instead of sweeping the blocks it is about to name.
        expect(await Promise.race([deleting, waiting])).toBe('waiting');
        const id = uuidv7();
        await writer.query(
          `insert into captures (id, changed, started_at, provider, method, path, status, summary, request, request_blocks)
           values ($1, nextval('capture_changes'), now(), 'p', 'POST', '/v1', 'complete', $2::jsonb, $3::jsonb, ${hashList('$4')})`,
          [
            id,
            JSON.stringify({ id, status: 'complete', timings: {} }),
            JSON.stringify({ method: 'POST', url: 'http://x/v1', headers: {}, body: { bytes: body.length, truncated: false } }),
            blocks.map((b) => b.hash),
          ],
        );
        await writer.query('commit');
        expect(await deleting).toBe('deleted');
        expect((await captures.get(id, 'local'))!.request.body.text).toBe(body);
        expect(await count('body_blocks')).toBe(await named());
      } finally {
        await writer.end();
      }
    });
  });
}
