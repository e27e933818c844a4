import { Worker } from 'node:worker_threads';
import type { StreamOutcome } from '@/lib/assemble/assemble';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { SseLimits } from '@/lib/sse/limits';
import { WorkerRpc } from '../worker-rpc';
import type { CopyNote, CopyRequest, CopyResult } from './server-copy-messages';

export type { CopyResult } from './server-copy-messages';

/** The server's own copy of a relayed stream: fed as the bytes go out, read to a message and an event log at the end. */
export interface ServerCopy {
  push(bytes: Uint8Array, at: number): void;
  finish(outcome: StreamOutcome, at: number): Promise<CopyResult>;
  /** When the worker has fallen behind every stream's pushes: a promise of room (stop reading upstreams until then). */
  backlog(): Promise<void> | undefined;
}

/**
 * Bytes pushed to the worker and not yet read, all streams together, past which the
 * relays stop reading their upstreams until it catches up (to half of it): the queue
 * feeding the worker is bounded, however fast upstreams send.
 */
export const MAX_BACKLOG_BYTES = 64 * 1024 * 1024;

interface CopyWorker {
  rpc: WorkerRpc<CopyRequest, CopyResult>;
  worker: Worker;
  next: number;
  /** Bytes pushed and not yet read by the worker. */
  pending: number;
  room?: { promise: Promise<void>; resolve: () => void };
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

function drained(state: CopyWorker, bytes: number): void {
  state.pending -= bytes;
  if (state.room && state.pending <= MAX_BACKLOG_BYTES / 2) {
    state.room.resolve();
    state.room = undefined;
  }
}

function copyWorker(start: StartWorker): CopyWorker {
  const holder = globalThis as Holder;
  if (holder[KEY]) return holder[KEY];
  const worker = start();
  worker.unref();
  const state = { worker, next: 0, pending: 0 } as CopyWorker;
  // A dead worker fails every copy in flight (each reply is then stored as an error), and the next stream starts a new one.
  state.rpc = new WorkerRpc<CopyRequest, CopyResult>(
    worker,
    (note) => drained(state, (note as CopyNote).drained),
    () => {
      if (holder[KEY] === state) delete holder[KEY];
      drained(state, state.pending);
    },
    'stream reader',
  );
  holder[KEY] = state;
  return state;
}

/** Stops the shared worker, failing any copy in flight; the next stream starts another. */
export async function stopServerCopy(): Promise<void> {
  await (globalThis as Holder)[KEY]?.worker.terminate();
}

export interface CopyOptions {
  /** The stored event log's bound (bytes). */
  maxBytes: number;
  markerNonce: string;
  limits: SseLimits;
}

export function openServerCopy(protocol: ProtocolId, { maxBytes, markerNonce, limits }: CopyOptions, start = startWorker): ServerCopy {
  const state = copyWorker(start);
  const stream = state.next++;
  state.rpc.post({ kind: 'open', stream, protocol, maxBytes, markerNonce, limits });
  return {
    push(bytes, at) {
      // A copy of our own to hand over: the original is still on its way to the browser.
      // (Not bytes.slice(): on a Node Buffer that is a view, maybe into a shared pool.)
      const own = new Uint8Array(bytes);
      state.pending += own.byteLength;
      state.rpc.post({ kind: 'push', stream, bytes: own, at }, [own.buffer]);
    },
    backlog() {
      if (state.pending <= MAX_BACKLOG_BYTES) return undefined;
      if (!state.room) {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        state.room = { promise, resolve };
      }
      return state.room.promise;
    },
    finish(outcome, at) {
      return state.rpc.call((id) => ({ kind: 'finish', id, stream, outcome, at }));
    },
  };
}
