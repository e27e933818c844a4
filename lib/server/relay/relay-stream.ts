import { BFF_KEEP_ALIVE, BFF_OPEN, bffEnd } from '@/lib/sse/bff-marker';

export interface RelayOptions {
  /** Send a keep-alive marker after this much upstream silence. */
  keepAliveMs: number;
  /** Give up on an upstream silent for this long. */
  idleMs: number;
  /** Every byte the browser gets, in order, for the server's own copy; `upstream` is false for the BFF's markers. */
  onBytes: (bytes: Uint8Array, upstream: boolean) => void;
  /** The browser's request signal: aborting it stops the stream like Stop does. */
  signal?: AbortSignal;
  /** Called once: how the relay ended. */
  onDone: (outcome: RelayOutcome) => void;
}

export type RelayOutcome = { kind: 'ended' } | { kind: 'failed'; reason: 'upstream-idle' | 'upstream-connection-lost'; message: string } | { kind: 'stopped' };

const encoder = new TextEncoder();
const BOM = [0xef, 0xbb, 0xbf];

/**
 * The browser's copy of an upstream SSE body: pull-based, so the upstream is read
 * only as fast as the browser reads (backpressure end to end), with the BFF's
 * markers at line boundaries.
 */
export function relayStream(upstream: ReadableStream<Uint8Array>, abortUpstream: () => void, options: RelayOptions): ReadableStream<Uint8Array> {
  const reader = upstream.getReader();
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  let lastUpstreamAt = Date.now();
  let atLineStart = true;
  let first = true;
  let done = false;

  const finish = (outcome: RelayOutcome) => {
    if (done) return;
    done = true;
    options.onDone(outcome);
  };

  const emit = (controller: ReadableStreamDefaultController<Uint8Array>, bytes: Uint8Array, upstream = true) => {
    if (bytes.byteLength === 0) return;
    const last = bytes[bytes.byteLength - 1];
    atLineStart = last === 10 || last === 13;
    options.onBytes(bytes, upstream);
    controller.enqueue(bytes);
  };
  const emitText = (controller: ReadableStreamDefaultController<Uint8Array>, text: string) => emit(controller, encoder.encode(text), false);
  const stop = () => {
    abortUpstream();
    reader.cancel().catch(() => undefined);
    finish({ kind: 'stopped' });
  };
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop, { once: true });
  const close = (controller: ReadableStreamDefaultController<Uint8Array>, outcome: Exclude<RelayOutcome, { kind: 'stopped' }>) => {
    const end = outcome.kind === 'failed' ? { reason: outcome.reason, message: outcome.message } : { reason: 'upstream-eof' as const };
    emitText(controller, (atLineStart ? '' : '\n') + bffEnd(end));
    controller.close();
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // Headers go out with the first body bytes: write something harmless at once.
        emitText(controller, BFF_OPEN);
      },
      async pull(controller) {
        pending ??= reader.read();
        const silence = Math.max(0, Math.min(options.keepAliveMs, lastUpstreamAt + options.idleMs - Date.now()));
        let timer: ReturnType<typeof setTimeout> | undefined;
        const tick = new Promise<'tick'>((resolve) => (timer = setTimeout(() => resolve('tick'), silence)));
        let result: ReadableStreamReadResult<Uint8Array> | 'tick';
        try {
          result = await Promise.race([pending, tick]);
        } catch (error) {
          if (done) return;
          const outcome: RelayOutcome = { kind: 'failed', reason: 'upstream-connection-lost', message: `The upstream connection broke: ${(error as Error).message}` };
          close(controller, outcome);
          return finish(outcome);
        } finally {
          clearTimeout(timer);
        }
        if (done) return; // stopped while waiting
        if (result === 'tick') {
          if (Date.now() - lastUpstreamAt >= options.idleMs) {
            abortUpstream();
            pending.catch(() => undefined);
            const outcome: RelayOutcome = { kind: 'failed', reason: 'upstream-idle', message: `The upstream sent nothing for ${Math.round(options.idleMs / 1000)} s.` };
            close(controller, outcome);
            return finish(outcome);
          }
          if (atLineStart) emitText(controller, BFF_KEEP_ALIVE);
          return;
        }
        pending = undefined;
        if (result.done) {
          close(controller, { kind: 'ended' });
          return finish({ kind: 'ended' });
        }
        lastUpstreamAt = Date.now();
        let bytes = result.value;
        if (first) {
          first = false;
          // A BOM is only special at the very start, and our marker came first.
          if (BOM.every((b, i) => bytes[i] === b)) bytes = bytes.subarray(3);
        }
        emit(controller, bytes);
      },
      // The browser went away (or pressed Stop): abort the upstream at once.
      cancel: stop,
    },
    { highWaterMark: 0 },
  );
}
