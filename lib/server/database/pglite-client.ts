import 'server-only';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { WorkerRpc } from '@/lib/server/platform/worker-rpc';
import type { SqlRequest, SqlResult } from './pglite-protocol';
import { isReadOnly } from './read-only';
import type { SqlClient, Statement } from './sql-client';

/**
 * The embedded database behind the small SqlClient, in a worker thread of its own
 * (pglite.worker.mjs). If the worker dies, every query waiting on it fails with an
 * error that says so, and so does every later one: the routes answer 503.
 */
function startWorker(workerData: { dataDir: string; pglite: string }): Worker {
  // The same file in the tests and in the server: Next.js bundles it with the server
  // (this exact form is what its bundler looks for), and it needs no TypeScript loader.
  return new Worker(new URL('./pglite.worker.mjs', import.meta.url), { workerData, name: 'sluice-pglite' });
}

export async function openPgliteClient(dataDir: string): Promise<SqlClient> {
  const pglite = createRequire(`${process.cwd()}/package.json`).resolve('@electric-sql/pglite');
  const worker = startWorker({ dataDir, pglite });
  worker.unref();
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the embedded database's thread exited (code ${code}) before it was ready`)));
    worker.once('message', (m: { ready: boolean; error?: string }) => (m.ready ? resolve() : reject(new Error(m.error))));
  });
  const rpc = new WorkerRpc<SqlRequest, SqlResult>(worker, undefined, undefined, 'embedded database');
  const client: SqlClient = {
    query: async <T>(sql: string, params?: unknown[]) =>
      (await rpc.call((id) => ({ id, op: 'query', sql, params, read: isReadOnly(sql) }))) as { rows: T[] },
    exec: (sql: string) => rpc.call((id) => ({ id, op: 'exec', sql })),
    batch: async (statements: Statement[]) =>
      (await rpc.call((id) => ({ id, op: 'batch', statements }))) as { rows: unknown[] }[],
    // One process owns an embedded database: there is no other instance to wait for.
    alone: (work) => work(client),
    close: async () => {
      if (!rpc.dead) await rpc.call((id) => ({ id, op: 'close' }));
      await worker.terminate();
    },
  };
  return client;
}
