import 'server-only';
import { Worker } from 'node:worker_threads';
import type { StreamOutcome } from '@/lib/assemble/assemble';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { SseLimits } from '@/lib/sse/limits';
import type { KeptBytes } from '../live/kept-bytes';
import { WorkerRpc } from '@/lib/server/platform/worker-rpc';
import type { CopyRequest, CopyResult } from './server-copy-messages';
import { existingSingleton, forgetSingleton, processSingleton } from '@/lib/server/platform/process-singleton';

export type { CopyResult } from './server-copy-messages';

/**
 * One worker thread reads every reply's copy: decoding each event (JSON.parse mostly)
 * on the relaying thread cost about as much as relaying it
 * (docs/decisions.md: "The server's copy in a worker thread"). It reads a stream once
 * it has ended, from the bytes its live stream kept: handing each chunk over as it
 * streamed (a copy and a message per event-loop turn) cost throughput
 * (docs/decisions.md: "Copy read from the kept bytes, once the reply ends"). Shared
 * through globalThis, like the store, because Next.js gives each route its own module
 * state.
 */
interface CopyWorker {
  rpc: WorkerRpc<CopyRequest, CopyResult>;
  worker: Worker;
}
const SINGLETON = 'server-copy';

/** How the worker starts; tests start the same file under tsx. */
export type StartWorker = () => Worker;
const startWorker: StartWorker = () =>
  new Worker(new URL('./server-copy.worker.ts', import.meta.url), { name: 'sluice-server-copy' });

function copyWorker(start: StartWorker): CopyWorker {
  return processSingleton(SINGLETON, () => {
    const worker = start();
    worker.unref();
    // A dead worker fails every read in flight (each reply is then stored as an error), and the next read starts a new one.
    const state: CopyWorker = {
      worker,
      rpc: new WorkerRpc<CopyRequest, CopyResult>(
        worker,
        undefined,
        () => {
          if (existingSingleton(SINGLETON) === state) forgetSingleton(SINGLETON);
        },
        'stream reader',
      ),
    };
    return state;
  });
}

/** Stops the shared worker, failing any read in flight; the next read starts another. */
export async function stopServerCopy(): Promise<void> {
  await existingSingleton<CopyWorker>(SINGLETON)?.worker.terminate();
}

export interface CopyOptions {
  /** The stored event log's bound (bytes). */
  maxBytes: number;
  markerNonce: string;
  limits: SseLimits;
}

/** Reads an ended stream's kept bytes (handed over: its buffers are the worker's from now on) to the reply to store. */
export function readServerCopy(
  protocol: ProtocolId,
  kept: KeptBytes,
  outcome: StreamOutcome,
  at: number,
  options: CopyOptions,
  start = startWorker,
): Promise<CopyResult> {
  return copyWorker(start).rpc.call(
    (id) => ({ id, protocol, kept, outcome, at, ...options }),
    [kept.bytes.buffer, kept.starts.buffer, kept.at.buffer],
  );
}
