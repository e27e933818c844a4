import { parentPort } from 'node:worker_threads';
import { StreamReader } from '@/lib/assemble/stream-reader';
import { BoundedEvents } from './bounded-events';
import type { CopyAnswer, CopyRequest } from './server-copy-messages';

/**
 * Reads the server's copy of every relayed stream, off the thread that relays them.
 * Streams are isolated: whatever one stream's bytes make its reader throw fails that
 * stream alone (its reply is stored as an error naming it), never the worker.
 */
interface Stream {
  reader: StreamReader;
  events: BoundedEvents;
  /** Why this stream could not be read, once it could not. */
  failure?: string;
}
const streams = new Map<number, Stream>();
/** Why a stream could not be opened, until its finish asks. */
const openFailures = new Map<number, string>();

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function handle(request: CopyRequest): void {
  if (request.kind === 'open') {
    const events = new BoundedEvents(request.maxBytes);
    streams.set(request.stream, { reader: new StreamReader(request.protocol, events.record, { markerNonce: request.markerNonce, limits: request.limits }), events });
    return;
  }
  // Requests come in order: a stream is open until its finish.
  const stream = streams.get(request.stream);
  if (!stream) {
    // Its open failed (and was reported by no one): its finish says so, so its reply is stored as an error.
    if (request.kind === 'finish') parentPort!.postMessage({ id: request.id, error: openFailures.get(request.stream) ?? 'this stream was never opened' } satisfies CopyAnswer);
    openFailures.delete(request.stream);
    return;
  }
  if (request.kind === 'push') {
    if (stream.failure) return;
    try {
      stream.reader.push(request.bytes, request.at);
    } catch (error) {
      stream.failure = messageOf(error);
    }
    return;
  }
  streams.delete(request.stream);
  let answer: CopyAnswer;
  try {
    if (stream.failure) throw new Error(stream.failure);
    const message = stream.reader.finish(request.outcome, request.at);
    answer = { id: request.id, result: { message, events: stream.events.stored(), firstTokenAt: stream.reader.firstTokenAt, firstAnswerAt: stream.reader.firstAnswerAt, lastTokenAt: stream.reader.lastTokenAt, tokenEvents: stream.reader.tokenEvents } };
  } catch (error) {
    answer = { id: request.id, error: messageOf(error) };
  }
  parentPort!.postMessage(answer);
}

// A message is one event-loop turn's requests from every stream, in order; the
// answer says how many pushed bytes it has read, so the relay can bound the queue.
parentPort!.on('message', (batch: CopyRequest[]) => {
  let drained = 0;
  for (const request of batch) {
    if (request.kind === 'push') drained += request.bytes.byteLength;
    try {
      handle(request);
    } catch (error) {
      // Only a request's own stream can be at fault: it is failed, the others go on.
      const stream = streams.get(request.stream);
      if (stream) stream.failure ??= messageOf(error);
      else if (request.kind === 'open') openFailures.set(request.stream, messageOf(error));
    }
  }
  if (drained > 0) parentPort!.postMessage({ drained } satisfies CopyAnswer);
});
