/**
 * The embedded database's thread: PGlite runs its WebAssembly synchronously, so on the
 * server's own thread every query would stall every stream being relayed
 * (docs/decisions.md: "PGlite in a worker thread"). Requests come in batches
 * (lib/server/platform/worker-rpc.ts).
 *
 * Plain JavaScript, so that the server and the tests start this very file the same way,
 * with no TypeScript loader. Its messages are typed in pglite-protocol.ts.
 */
import { createRequire } from 'node:module';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';

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

/**
 * Requests waiting, one at a time on PGlite's one connection: reads before writes. A
 * write's caller is answered only once it has run, so a read sent after it was answered
 * finds it either way; what a read overtakes are writes sent while it was, which on
 * PostgreSQL (a pool of connections) run in no set order either. During a burst of
 * starting streams the writes (replies stored, turns) queued up, and a page's read of
 * the list waited behind all of them (docs/decisions.md: "Reads before writes in the
 * embedded database"). At most READS_IN_A_ROW reads go while a write waits.
 * @type {import('./pglite-protocol').SqlRequest[]}
 */
const reads = [];
/** @type {import('./pglite-protocol').SqlRequest[]} */
const writes = [];
const READS_IN_A_ROW = 8;
let readsInARow = 0;
let running = false;

async function next() {
  if (running) return;
  running = true;
  for (;;) {
    const takeRead = reads.length > 0 && (writes.length === 0 || readsInARow < READS_IN_A_ROW);
    const request = takeRead ? reads.shift() : writes.shift();
    if (!request) break;
    // Counted only while a write waits.
    readsInARow = takeRead && writes.length > 0 ? readsInARow + 1 : 0;
    let reply;
    try {
      reply = { id: request.id, result: await run(request) };
    } catch (error) {
      reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
    // PGlite answers in microtasks, so no 'message' event comes between statements: what
    // was sent meanwhile is taken here, or a read would wait for every write queued.
    for (let sent = receiveMessageOnPort(port); sent; sent = receiveMessageOnPort(port)) take(sent.message);
  }
  running = false;
}

/** @param {import('./pglite-protocol').SqlRequest[]} batch */
function take(batch) {
  for (const request of batch) (request.op === 'query' && request.read ? reads : writes).push(request);
}

port.on('message', (/** @type {import('./pglite-protocol').SqlRequest[]} */ batch) => {
  take(batch);
  void next();
});
