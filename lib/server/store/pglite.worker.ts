/**
 * The embedded database's thread: PGlite runs its WebAssembly synchronously, so on the
 * server's own thread every query would stall every stream being relayed
 * (docs/decisions.md: "PGlite in a worker thread"). Requests come in batches
 * (lib/server/worker-rpc.ts).
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite as PGliteClass } from '@electric-sql/pglite';
import type { Reply } from '../worker-rpc';
import type { SqlRequest, SqlResult } from './pglite-protocol';

// Loaded from node_modules by its resolved path, never bundled: it ships its own WebAssembly and data files.
const { PGlite } = createRequire(workerData.pglite as string)(workerData.pglite as string) as { PGlite: typeof PGliteClass };
const db = new PGlite(workerData.dataDir as string);
const port = parentPort!;

db.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error: unknown) => port.postMessage({ ready: false, error: error instanceof Error ? error.message : String(error) }),
);

async function run(request: SqlRequest): Promise<SqlResult> {
  switch (request.op) {
    case 'close':
      await db.close();
      return null;
    case 'exec':
      await db.exec(request.sql);
      return null;
    case 'query':
      return { rows: (await db.query(request.sql, request.params)).rows };
    case 'batch':
      // PGlite's transaction holds its lock throughout: no other query runs inside it.
      return db.transaction(async (tx) => {
        const out: { rows: unknown[] }[] = [];
        for (const s of request.statements) out.push({ rows: (await tx.query(s.sql, s.params)).rows });
        return out;
      });
  }
}

let queue: Promise<void> = Promise.resolve();
port.on('message', (batch: SqlRequest[]) => {
  for (const request of batch) {
    // One at a time, in order: PGlite has one connection.
    queue = queue.then(async () => {
      let reply: Reply<SqlResult>;
      try {
        reply = { id: request.id, result: await run(request) };
      } catch (error) {
        reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      }
      port.postMessage(reply);
    });
  }
});
