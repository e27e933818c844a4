import { Worker } from 'node:worker_threads';
import type { StreamOutcome } from '@/lib/assemble/assemble';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { CopyAnswer, CopyRequest, CopyResult } from './server-copy-protocol';

export type { CopyResult } from './server-copy-protocol';

/** The server's own copy of a relayed stream: fed as the bytes go out, read to a message and an event log at the end. */
export interface ServerCopy {
  push(bytes: Uint8Array, at: number): void;
  finish(outcome: StreamOutcome, at: number): Promise<CopyResult>;
}

interface CopyWorker {
  worker: Worker;
  waiting: Map<number, { resolve: (result: CopyResult) => void; reject: (error: Error) => void }>;
  next: number;
  dead?: Error;
  /** Requests of this event-loop turn, all streams together: one message, not one per chunk. */
  outbox: CopyRequest[];
  transfer: ArrayBuffer[];
}

/**
 * One worker thread reads every stream's copy: decoding each event (JSON.parse
 * mostly) on the relaying thread measured about as costly as relaying it. Shared
 * through globalThis, like the store, because Next.js gives each route its own
 * module state.
 */
const KEY = Symbol.for('sluice.server-copy');
type Holder = { [KEY]?: CopyWorker };

/** How the worker starts; tests start the same file under tsx. */
export type StartWorker = () => Worker;
const startWorker: StartWorker = () => new Worker(new URL('./server-copy.worker.ts', import.meta.url), { name: 'sluice-server-copy' });

function copyWorker(start: StartWorker): CopyWorker {
  const holder = globalThis as Holder;
  if (holder[KEY]) return holder[KEY];
  const worker = start();
  worker.unref();
  const state: CopyWorker = { worker, waiting: new Map(), next: 0, outbox: [], transfer: [] };
  worker.on('message', (answer: CopyAnswer) => {
    const waiter = state.waiting.get(answer.id);
    state.waiting.delete(answer.id);
    if ('error' in answer) waiter?.reject(new Error(answer.error));
    else waiter?.resolve(answer.result);
  });
  // A dead worker fails every copy in flight (each reply is then stored as an error), and the next stream starts a new one.
  const fail = (error: Error) => {
    state.dead ??= error;
    if (holder[KEY] === state) delete holder[KEY];
    for (const waiter of state.waiting.values()) waiter.reject(error);
    state.waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the server's stream reader stopped (exit code ${code})`)));
  holder[KEY] = state;
  return state;
}

/** Queues a request for the worker; the turn's requests go out together, in order. */
function send(state: CopyWorker, request: CopyRequest, transfer: ArrayBuffer[] = []): void {
  if (state.outbox.length === 0) {
    setImmediate(() => {
      const batch = state.outbox;
      const buffers = state.transfer;
      state.outbox = [];
      state.transfer = [];
      if (!state.dead) state.worker.postMessage(batch, buffers);
    });
  }
  state.outbox.push(request);
  state.transfer.push(...transfer);
}

/** Stops the shared worker, failing any copy in flight; the next stream starts another. */
export async function stopServerCopy(): Promise<void> {
  await (globalThis as Holder)[KEY]?.worker.terminate();
}

export function openServerCopy(protocol: ProtocolId, maxBytes: number, start = startWorker): ServerCopy {
  const state = copyWorker(start);
  const id = state.next++;
  send(state, { kind: 'open', id, protocol, maxBytes });
  return {
    push(bytes, at) {
      // A copy of our own to hand over: the original is still on its way to the browser.
      const own = bytes.slice();
      send(state, { kind: 'push', id, bytes: own, at }, [own.buffer]);
    },
    finish(outcome, at) {
      return new Promise<CopyResult>((resolve, reject) => {
        if (state.dead) return reject(state.dead);
        state.waiting.set(id, { resolve, reject });
        send(state, { kind: 'finish', id, outcome, at });
      });
    },
  };
}
