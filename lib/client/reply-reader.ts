import { readReply } from './read-reply';
import type { StreamCommand, StreamNews } from './stream-protocol';

type Start = Extract<StreamCommand, { type: 'start' }>;
type Listener = (news: StreamNews) => void;

/** A started reply unheard of for this long means the worker is not running (it failed to load, or hangs). */
const ACCEPT_TIMEOUT_MS = 3000;

interface Reading {
  start: Start;
  signal: AbortSignal;
  listener: Listener;
  /** The worker has it: its request may be out, so it cannot simply be read again on the page. */
  accepted: boolean;
}

/**
 * Where replies are read: in the stream worker (stream.worker.ts), which keeps fetch,
 * SSE parsing and decoding off the main thread, or on the page when no worker can run.
 * Either way the listener hears the same news from the same code (read-reply.ts).
 */
export class ReplyReader {
  private worker: Worker | undefined;
  private failed = false;
  private readonly readings = new Map<string, Reading>();

  constructor(private readonly acceptTimeoutMs = ACCEPT_TIMEOUT_MS) {}

  read(start: Start, signal: AbortSignal, listener: Listener): void {
    if (this.failed || typeof Worker === 'undefined') return readOnPage(start, signal, listener);
    const reading: Reading = { start, signal, listener, accepted: false };
    this.readings.set(start.id, reading);
    try {
      this.worker ??= this.spawn();
      this.worker.postMessage(start);
    } catch (error) {
      return this.fail(error instanceof Error ? error.message : String(error));
    }
    signal.addEventListener('abort', () => this.worker?.postMessage({ type: 'stop', id: start.id } satisfies StreamCommand), { once: true });
    setTimeout(() => {
      if (!reading.accepted && this.readings.get(start.id) === reading) this.fail(`no answer in ${this.acceptTimeoutMs / 1000} s`);
    }, this.acceptTimeoutMs);
  }

  private spawn(): Worker {
    const worker = new Worker(new URL('./stream.worker.ts', import.meta.url), { type: 'module', name: 'sluice-stream' });
    worker.onmessage = ({ data }: MessageEvent<StreamNews[]>) => data.forEach((news) => this.receive(news));
    worker.onerror = (event) => this.fail(event.message || 'the worker script failed');
    return worker;
  }

  private receive(news: StreamNews): void {
    const reading = this.readings.get(news.id);
    if (!reading) return;
    if (news.type === 'accepted') reading.accepted = true;
    else reading.listener(news);
    if (news.type === 'end' || news.type === 'lost') this.readings.delete(news.id);
  }

  /**
   * From now on replies are read on the page. Those the worker never took are read
   * there now; those it had are lost to this page (their request went out: the server
   * still stores them whole).
   */
  private fail(why: string): void {
    if (this.failed) return;
    console.error(`sluice: replies are read on the main thread, the stream worker failed: ${why}`);
    this.failed = true;
    this.worker?.terminate();
    const readings = [...this.readings.values()];
    this.readings.clear();
    for (const { start, signal, listener, accepted } of readings) {
      if (accepted) listener({ type: 'lost', id: start.id, message: `The page stopped reading this reply: ${why}. The server kept it; reload to see it whole.` });
      else readOnPage(start, signal, listener);
    }
  }
}

function readOnPage(start: Start, signal: AbortSignal, listener: Listener): void {
  readReply(start, signal, listener).catch((error: unknown) => listener({ type: 'lost', id: start.id, message: error instanceof Error ? error.message : String(error) }));
}

export const replyReader = new ReplyReader();
