/**
 * The embedded database's thread: PGlite runs its WebAssembly synchronously, so on the
 * server's own thread every query would stall every stream being relayed
 * (docs/decisions.md: "PGlite in a worker thread"). Requests come in batches
 * (lib/server/worker-rpc.ts).
 *
 * Plain JavaScript, so that the server and the tests start this very file the same way,
 * with no TypeScript loader. Its messages are typed in pglite-protocol.ts.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

// Loaded from node_modules by its resolved path, never bundled: it ships its own WebAssembly and data files.
/** @type {{ PGlite: typeof import('@electric-sql/pglite').PGlite }} */
const { PGlite } = createRequire(workerData.pglite)(workerData.pglite);
const db = new PGlite(workerData.dataDir);
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

db.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ ready: false, error: error instanceof Error ? error.message : String(error) }),
);

/**
 * @param {import('./pglite-protocol').SqlRequest} request
 * @returns {Promise<import('./pglite-protocol').SqlResult>}
 */
async function run(request) {
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
        const out = [];
        for (const s of request.statements) out.push({ rows: (await tx.query(s.sql, s.params)).rows });
        return out;
      });
  }
}

let queue = Promise.resolve();
port.on('message', (/** @type {import('./pglite-protocol').SqlRequest[]} */ batch) => {
  for (const request of batch) {
    // One at a time, in order: PGlite has one connection.
    queue = queue.then(async () => {
      let reply;
      try {
        reply = { id: request.id, result: await run(request) };
      } catch (error) {
        reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      }
      port.postMessage(reply);
    });
  }
});
