import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { WorkerRpc } from './worker-rpc';

/** A worker that answers each request of a batch with its value doubled, and exits on `exit`. */
const doubler = () =>
  new Worker(
    `const { parentPort } = require('node:worker_threads');
     parentPort.on('message', (batch) => {
       parentPort.postMessage({ batch: batch.length });
       for (const r of batch) {
         if (r.exit) process.exit(3);
         if (r.id !== undefined) parentPort.postMessage(r.fail ? { id: r.id, error: 'no ' + r.n } : { id: r.id, result: r.n * 2 });
       }
     });`,
    { eval: true },
  );

describe('the worker RPC', () => {
  it('sends a turn’s requests as one message and answers each call by its id; other messages are notes', async () => {
    const notes: unknown[] = [];
    const rpc = new WorkerRpc<{ id?: number; n: number; fail?: boolean }, number>(doubler(), (note) => notes.push(note));
    const answers = await Promise.allSettled([
      rpc.call((id) => ({ id, n: 1 })),
      rpc.call((id) => ({ id, n: 2, fail: true })),
      rpc.call((id) => ({ id, n: 3 })),
    ]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([2, 'no 2', 6]);
    expect(notes).toEqual([{ batch: 3 }]);
  });

  it('fails every waiting call, and every later one, when the worker exits', async () => {
    let dead: Error | undefined;
    const rpc = new WorkerRpc<{ id?: number; n?: number; exit?: boolean }, number>(
      doubler(),
      undefined,
      (error) => (dead = error),
      'doubler',
    );
    const waiting = rpc.call((id) => ({ id, n: 1, exit: true }));
    await expect(waiting).rejects.toThrow("the server's doubler stopped (exit code 3)");
    expect(dead?.message).toContain('exit code 3');
    await expect(rpc.call((id) => ({ id, n: 2 }))).rejects.toThrow('exit code 3');
  });
});
