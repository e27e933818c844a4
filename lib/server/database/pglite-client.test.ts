import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteClient } from './pglite-client';
import type { SqlClient } from './sql-client';

describe('the embedded database: reads before writes that wait', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-pglite-order-'));
  let sql: SqlClient;

  beforeAll(async () => {
    sql = await openPgliteClient(dir);
    await sql.exec('create table t (n int)');
  }, 60_000);

  afterAll(async () => {
    await sql.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Sends every statement in one turn (one message to the worker) and lists them in the order they were answered. */
  async function answeredOrder(
    statements: [name: string, text: string][],
  ): Promise<{ order: string[]; rows: Record<string, unknown[]> }> {
    const order: string[] = [];
    const rows: Record<string, unknown[]> = {};
    await Promise.all(
      statements.map(([name, text]) =>
        sql.query(text).then((result) => {
          order.push(name);
          rows[name] = result.rows;
        }),
      ),
    );
    return { order, rows };
  }

  it('runs a read sent with waiting writes before them, and reads sent after a write was answered find it', async () => {
    const { order, rows } = await answeredOrder([
      ['write 1', 'insert into t select generate_series(1, 50000)'],
      ['write 2', 'insert into t values (-1)'],
      ['read', 'select count(*)::int as n from t'],
    ]);
    expect(order).toEqual(['read', 'write 1', 'write 2']);
    expect(rows.read).toEqual([{ n: 0 }]);
    expect((await sql.query('select count(*)::int as n from t')).rows).toEqual([{ n: 50001 }]);
  });

  it('takes a read sent while a write runs before the writes queued behind it', async () => {
    const order: string[] = [];
    const note = (name: string) => () => void order.push(name);
    // One turn: both go to the database thread together; the first runs while the second waits.
    const writes = [
      sql.query('insert into t select generate_series(1, 200000)').then(note('write 1')),
      sql.query('insert into t values (-3)').then(note('write 2')),
    ];
    // A later turn: sent while the first write runs.
    await new Promise((resolve) => setImmediate(resolve));
    const read = sql.query('select 1').then(note('read'));
    await Promise.all([...writes, read]);
    // Before the write queued behind the one running (on a busy machine the database thread may
    // take all three together before the first starts: then the read goes first of all).
    expect(order.indexOf('read')).toBeLessThan(order.indexOf('write 2'));
  });

  it('lets a waiting write go after eight reads in a row', async () => {
    const reads = Array.from({ length: 10 }, (_, i) => [`read ${i + 1}`, 'select count(*)::int as n from t'] as [string, string]);
    const { order } = await answeredOrder([['write', 'insert into t values (-2)'], ...reads]);
    expect(order).toEqual([...reads.slice(0, 8).map(([name]) => name), 'write', 'read 9', 'read 10']);
  });
});
