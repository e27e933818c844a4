import 'server-only';
import pg from 'pg';
import type { SqlClient, Statement } from './sql-client';

/** Where DATABASE_URL points, without its password: for error messages and logs. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return '(an unparsable DATABASE_URL)';
  }
}

/** A PostgreSQL server through a small `pg` pool; fails fast when the server is unreachable. */
export async function openPgClient(url: string): Promise<SqlClient> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000 });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', (error) => console.error(`sluice: PostgreSQL connection lost: ${error.message}`));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await pool.query(sql, params)).rows as T[] }),
    exec: (sql: string) => pool.query(sql),
    batch: async (statements: Statement[]) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const results: { rows: unknown[] }[] = [];
        for (const { sql, params } of statements) results.push({ rows: (await client.query(sql, params)).rows });
        await client.query('commit');
        return results;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    alone: async (work) => {
      const client = await pool.connect();
      try {
        // A session lock, held until unlocked: the others wait for it, then find the work done.
        await client.query('select pg_advisory_lock($1)', [ALONE_LOCK]);
        return await work({
          query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }),
          exec: async (sql: string) => {
            try {
              return await client.query(sql);
            } catch (error) {
              // A failed statement after `begin` leaves the transaction open and aborted.
              await client.query('rollback').catch(() => {});
              throw error;
            }
          },
        });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [ALONE_LOCK]).catch(() => {});
        client.release();
      }
    },
  };
}

/** The advisory lock key of work one instance does at a time ("sluice" in ASCII). */
const ALONE_LOCK = 0x736c75696365;
