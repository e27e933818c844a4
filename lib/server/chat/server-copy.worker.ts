import { parentPort } from 'node:worker_threads';
import { StreamReader } from '@/lib/assemble/stream-reader';
import { BoundedEvents } from './bounded-events';
import type { CopyAnswer, CopyRequest } from './server-copy-protocol';

/** Reads the server's copy of every relayed stream, off the thread that relays them. */
const streams = new Map<number, { reader: StreamReader; events: BoundedEvents }>();

function handle(request: CopyRequest): void {
  if (request.kind === 'open') {
    const events = new BoundedEvents(request.maxBytes);
    streams.set(request.id, { reader: new StreamReader(request.protocol, events.record), events });
    return;
  }
  // Requests come in order: a stream is open until its finish.
  const stream = streams.get(request.id)!;
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
