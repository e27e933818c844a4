import 'server-only';
import type { Worker } from 'node:worker_threads';

/** What a worker may answer: a reply to one request (by id), or a note of its own. */
export type Reply<Result> = { id: number; result: Result } | { id: number; error: string };

/**
 * Calls into a worker thread, the one way both server workers are driven: requests of
 * one event-loop turn go out as one message, as a message per request cost more than
 * the work for small ones (docs/decisions.md: "Worker calls batched per event-loop turn");
 * each request that wants an answer gets an id, and when the worker fails or exits
 * every call still waiting fails with an error naming it (the caller stores that reply
 * as an error, or answers 503) instead of waiting for good.
 */
export class WorkerRpc<Request, Result> {
  private readonly waiting = new Map<number, { resolve: (result: Result) => void; reject: (error: Error) => void }>();
  private next = 0;
  private outbox: Request[] = [];
  private transfer: ArrayBuffer[] = [];
  /** Set once the worker has failed or exited: every later call fails with it. */
  dead: Error | undefined;

  constructor(
    private readonly worker: Worker,
    /** For messages that answer no request (the worker's own notes). */
    onNote: (note: unknown) => void = () => {},
    /** Called once, when the worker is gone. */
    onDead: (error: Error) => void = () => {},
    name = 'worker',
  ) {
    worker.on('message', (message: unknown) => {
      if (!isReply<Result>(message)) return onNote(message);
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if ('error' in message) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result);
    });
    const fail = (error: Error) => {
      if (this.dead) return;
      this.dead = error;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
      onDead(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the server's ${name} stopped (exit code ${code})`)));
  }

  /** Queues a request (its answer, if any, comes by its id). */
  private post(request: Request, transfer: ArrayBuffer[] = []): void {
    if (this.outbox.length === 0) setImmediate(() => this.flush());
    this.outbox.push(request);
    this.transfer.push(...transfer);
  }

  /** Queues a request made with a fresh id, and resolves with its answer. */
  call(make: (id: number) => Request, transfer: ArrayBuffer[] = []): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      if (this.dead) return reject(this.dead);
      const id = this.next++;
      this.waiting.set(id, { resolve, reject });
      this.post(make(id), transfer);
    });
  }

  private flush(): void {
    const batch = this.outbox;
    const buffers = this.transfer;
    this.outbox = [];
    this.transfer = [];
    if (!this.dead) this.worker.postMessage(batch, buffers);
  }
}

function isReply<Result>(message: unknown): message is Reply<Result> {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { id?: unknown }).id === 'number' &&
    ('result' in message || 'error' in message)
  );
}
