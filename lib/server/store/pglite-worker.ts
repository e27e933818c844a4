import { Worker } from 'node:worker_threads';
import type { SqlClient, Statement } from './sql-client';

/**
 * PGlite runs its WebAssembly synchronously: on the server's own thread every query
 * would stall every stream being relayed (measured: +11 ms to first byte). So the
 * embedded database lives in a worker thread, behind the same small SqlClient.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
const db = new PGlite(workerData.dataDir);
db.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: String(error && error.message || error) }),
);
parentPort.on('message', async ({ id, op, sql, params, statements }) => {
  try {
    if (op === 'close') { await db.close(); return parentPort.postMessage({ id, result: null }); }
    if (op === 'batch') {
      // PGlite's transaction holds its lock throughout: no other query runs inside it.
      const results = await db.transaction(async (tx) => {
        const out = [];
        for (const s of statements) out.push({ rows: (await tx.query(s.sql, s.params)).rows });
        return out;
      });
      return parentPort.postMessage({ id, result: results });
    }
    const result = op === 'exec' ? await db.exec(sql) : await db.query(sql, params);
    parentPort.postMessage({ id, result: op === 'exec' ? null : { rows: result.rows } });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

type Reply = { id: number; result?: { rows: unknown[] } | { rows: unknown[] }[] | null; error?: string };

export async function openPgliteWorker(dataDir: string): Promise<SqlClient> {
  const { createRequire } = await import('node:module');
  const pglite = createRequire(`${process.cwd()}/package.json`).resolve('@electric-sql/pglite');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { dataDir, pglite } });
  worker.unref();
  const waiting = new Map<number, { resolve: (r: Reply) => void }>();
  let next = 0;

  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (m: { ready: boolean; error?: string }) => (m.ready ? resolve() : reject(new Error(m.error))));
  });
  worker.on('message', (reply: Reply) => {
    waiting.get(reply.id)?.resolve(reply);
    waiting.delete(reply.id);
  });

  const call = (op: 'query' | 'exec' | 'batch' | 'close', sql = '', params?: unknown[], statements?: Statement[]) =>
    new Promise<Reply>((resolve) => {
      const id = next++;
      waiting.set(id, { resolve });
      worker.postMessage({ id, op, sql, params, statements });
    }).then((reply) => {
      if (reply.error) throw new Error(reply.error);
      return reply.result;
    });

  return {
    query: async <T>(sql: string, params?: unknown[]) => (await call('query', sql, params)) as { rows: T[] },
    exec: async (sql: string) => call('exec', sql),
    batch: async (statements: Statement[]) => (await call('batch', '', undefined, statements)) as { rows: unknown[] }[],
    close: async () => {
      await call('close');
      await worker.terminate();
    },
  };
}
