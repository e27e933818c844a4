import { parentPort } from 'node:worker_threads';
import { StreamReader } from '@/lib/assemble/stream-reader';
import { BoundedEvents } from './bounded-events';
import type { CopyAnswer, CopyRequest } from './server-copy-protocol';

/** Reads the server's copy of every relayed stream, off the thread that relays them. */
const streams = new Map<number, { reader: StreamReader; events: BoundedEvents }>();

function streamOf({ id, protocol, maxBytes }: CopyRequest) {
  let stream = streams.get(id);
  if (!stream) {
    const events = new BoundedEvents(maxBytes);
    stream = { reader: new StreamReader(protocol, events.record), events };
    streams.set(id, stream);
  }
  return stream;
}

function handle(request: CopyRequest): void {
  const stream = streamOf(request);
  if (request.kind === 'push') {
    stream.reader.push(request.bytes, request.at);
    return;
  }
  streams.delete(request.id);
  let answer: CopyAnswer;
  try {
    const message = stream.reader.finish(request.outcome, request.at);
    answer = { id: request.id, result: { message, events: stream.events.stored(), firstTokenAt: stream.reader.firstTokenAt, firstAnswerAt: stream.reader.firstAnswerAt } };
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
}

// A message is one event-loop turn's requests from every stream, in order.
parentPort!.on('message', (batch: CopyRequest[]) => batch.forEach(handle));
