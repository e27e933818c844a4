/**
 * What a long agent run costs the store (issue 51, "a run's storage near its unique
 * bytes"): 200 requests of ~150 KB, each the last one and a step more, written as the
 * recording proxy writes them (tests/support/agent-run.ts), on PGlite and, when
 * STORAGE_BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server, on PostgreSQL.
 *
 * - The bytes kept of their request bodies (distinct blocks, each capture's list of
 *   hashes, every inline copy: search text, counted context) beside what they were.
 * - The same on disk (the blocks' table with its TOAST and index, the captures' lists
 *   and their index) beside the layout before blocks (each body inline in its jsonb,
 *   96 KB of it again as search text), written into a scratch table of the same database.
 * - Reading one capture back (its 240 KB request joined from its blocks) beside reading
 *   the same request inline from the scratch table; opening the run (what
 *   `GET /api/runs/{id}` computes, on PGlite) beside the same 200 rows' plain list.
 * - Cutting and hashing a 150 KB request (the listing's added work on the main thread)
 *   beside the JSON text of it the listing wrote before.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { storableJson } from '../lib/server/database/storable';
import type { SqlClient } from '../lib/server/database/sql-client';
import { blocksOf } from '../lib/server/store/body-blocks';
import { openStore } from '../lib/server/store';
import type { CaptureStore } from '../lib/server/store/capture-store';
import { agentRunRequests, recordAgentRun, storedRequestBytes } from '../tests/support/agent-run';
import { freshPgDatabase } from '../tests/support/postgres';
import { median, metric, type Metric } from './report';

const STEPS = 200;
const TARGET_BYTES = 3_000_000;
const MB = 1_000_000;

/** Medians of two things timed in turns (on a shared machine, load drifts between two series taken apart). */
async function paired(a: () => Promise<unknown>, b: () => Promise<unknown>, runs = 21): Promise<[number, number]> {
  await a();
  await b();
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++)
    for (const [k, fn] of [a, b].entries()) {
      const start = performance.now();
      await fn();
      times[k]!.push(performance.now() - start);
    }
  return [median(times[0]), median(times[1])];
}

/** The store's own SQL connection (tests and benches only). */
const sqlOf = (captures: CaptureStore) => (captures as unknown as { sql: SqlClient }).sql;

/** Bytes on disk of a table with its TOAST and indexes, or of an index. */
async function onDisk(sql: SqlClient, relation: string): Promise<number> {
  const { rows } = await sql.query<{ size: string | number }>(`select pg_total_relation_size($1::regclass) as size`, [relation]);
  return Number(rows[0]!.size);
}

/** The run written, then measured: the figures of one database. */
async function measure(name: string, captures: CaptureStore, bodies: string[]): Promise<{ metrics: Metric[]; last: string }> {
  const sql = sqlOf(captures);
  const ids = await recordAgentRun(captures, bodies, `storage-${name}`);
  const naive = bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0);
  const { total: stored, ...parts } = await storedRequestBytes(sql);
  console.log(`${name}: ${stored} bytes of request bodies stored: ${JSON.stringify(parts)}`);

  // The layout before blocks, in a scratch table: the request inline (jsonb, compressed as
  // PostgreSQL does), its first 64 KB as search text at the listing and 32 KB more at the end
  // (stored as is, as captures' search text is).
  await sql.exec(`create table bench_inline (id text primary key, request jsonb not null, search_text text not null);
                  alter table bench_inline alter column search_text set storage external;`);
  for (const [i, body] of bodies.entries()) {
    const request = { method: 'POST', url: 'https://api.anthropic.com/v1/messages', headers: {}, body: { text: body } };
    await sql.query('insert into bench_inline values ($1, $2::jsonb, $3)', [
      ids[i],
      storableJson(request),
      `${body.slice(0, 64 * 1024)} ${body.slice(0, 32 * 1024)} Step ${i + 1}`,
    ]);
  }
  const { rows } = await sql.query<{ lists: string | number }>(
    `select sum(pg_column_size(request_blocks)) as lists from captures where request_blocks is not null`,
  );
  const blocksDisk = (await onDisk(sql, 'body_blocks')) + Number(rows[0]!.lists) + (await onDisk(sql, 'captures_by_block'));
  const inlineDisk = await onDisk(sql, 'bench_inline');

  const last = ids.at(-1)!;
  const [read, readInline] = await paired(
    () => captures.get(last, 'local'),
    () => sql.query('select request from bench_inline where id = $1', [last]),
  );
  await sql.exec('drop table bench_inline');

  return {
    last,
    metrics: [
      metric(
        `${name}: request bodies stored, a ${STEPS}-request run of ~150 KB each (MB)`,
        stored / MB,
        'the request bodies as sent (MB)',
        naive / MB,
        'MB',
        `≤ ${TARGET_BYTES / MB} MB`,
        stored <= TARGET_BYTES,
      ),
      metric(
        `${name}: on disk, blocks and their lists with indexes (MB)`,
        blocksDisk / MB,
        'on disk before blocks: inline jsonb and 96 KB of search text each (MB)',
        inlineDisk / MB,
        'MB',
        'report',
        true,
      ),
      metric(
        `${name}: one capture read back, its ${Math.round(Buffer.byteLength(bodies.at(-1)!) / 1024)} KB request joined from blocks`,
        read,
        'the same request read inline',
        readInline,
        'ms',
        'report',
        true,
      ),
    ],
  };
}

export async function run(): Promise<Metric[]> {
  const bodies = agentRunRequests(STEPS);
  const metrics: Metric[] = [];

  // PGlite, the server's own store: GET /api/runs/{id}'s work is timed on it (views read the one store).
  process.env.SLUICE_DATA_DIR = mkdtempSync(join(tmpdir(), 'sluice-bench-storage-'));
  const { store } = await import('../lib/server/store');
  const { runDetail } = await import('../lib/server/views/runs');
  const db = await store();
  const runId = 'storage-PGlite';
  await db.runs.named('local', runId, 'storage bench', new Date().toISOString(), runId);
  const pglite = await measure('PGlite', db.captures, bodies);
  metrics.push(...pglite.metrics);
  const [open, list] = await paired(
    () => runDetail(runId, 'local'),
    () => db.captures.list('local', { run: runId, limit: 200 }),
  );
  metrics.push(
    metric(
      `PGlite: the run opened (GET /api/runs/{id}'s work), ${STEPS} steps`,
      open,
      `the same ${STEPS} captures listed`,
      list,
      'ms',
      '< 1000 ms',
      open < 1000,
    ),
  );

  const pgUrl = process.env.STORAGE_BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const pg = await freshPgDatabase(pgUrl);
    const other = await openStore({ DATABASE_URL: pg.url });
    try {
      metrics.push(...(await measure('PostgreSQL', other.captures, bodies)).metrics);
    } finally {
      await other.close();
      await pg.drop();
    }
  } else console.warn('storage bench: no STORAGE_BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL is skipped.');

  const sample = bodies[Math.floor(STEPS / 2)]!;
  const request = { method: 'POST', url: 'https://api.anthropic.com/v1/messages', headers: {}, body: { text: sample } };
  const [cut, json] = await paired(
    async () => blocksOf('local', sample),
    async () => storableJson(request),
    41,
  );
  metrics.push(
    metric(
      `a ${Math.round(Buffer.byteLength(sample) / 1024)} KB request cut into blocks and hashed (the listing, main thread)`,
      cut,
      'its JSON text, as the listing wrote it inline before',
      json,
      'ms',
      'report',
      true,
    ),
  );
  await db.close();
  return metrics;
}
