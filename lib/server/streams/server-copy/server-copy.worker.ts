import 'server-only';
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { StreamReader } from '@/lib/assemble/stream-reader';
import { keptChunks } from '../live/kept-bytes';
import { BoundedEvents } from './bounded-events';
import type { CopyAnswer, CopyRequest, CopyResult } from './server-copy-messages';

/**
 * Reads the server's copy of each ended stream, off the thread that relays them, chunk
 * by chunk as the bytes arrived (so the event log keeps their receive times). Streams
 * are isolated: whatever one stream's bytes make its reader throw fails that stream
 * alone (its reply is stored as an error naming it), never the worker.
 */
function read({ protocol, kept, outcome, at, maxBytes, markerNonce, limits }: CopyRequest): CopyResult {
  const events = new BoundedEvents(maxBytes);
  let chars = 0;
  const reader = new StreamReader(
    protocol,
    (item, ...more) => {
      chars += item.raw.length;
      events.record(item, ...more);
    },
    { markerNonce, limits },
  );
  let lastAt = at;
  for (const chunk of keptChunks(kept)) {
    reader.push(chunk.bytes, chunk.at);
    lastAt = chunk.at;
  }
  const message = reader.finish(outcome, at);
  // Past a line over the parser's bound the reader reads no items: the log keeps the rest
  // of the bytes as they came, so it still holds the whole stream. (Only then are the
  // chunks read a second time, joined.)
  if (reader.stoppedAtBound) {
    const text = new TextDecoder().decode(Buffer.concat([...keptChunks(kept)].map((chunk) => chunk.bytes)));
    if (text.length > chars) events.rest(text.slice(chars), lastAt);
  }
  return {
    message,
    events: events.stored(),
    firstTokenAt: reader.firstTokenAt,
    firstAnswerAt: reader.firstAnswerAt,
    lastTokenAt: reader.lastTokenAt,
    tokenEvents: reader.tokenEvents,
  };
}

/**
 * Reading a reply to store it can wait; relaying live bytes cannot. This thread runs
 * 10 nice steps below the server (Linux sets priority per thread): when the cores are
 * busy the relays go first, and the copies are read in the time left, all of it when
 * there is any (docs/decisions.md: "Copy worker below the relay's priority"). Where
 * that is not permitted, it runs at the server's priority.
 */
try {
  setPriority(Math.min(19, getPriority() + 10));
} catch {
  // not permitted here: equal priority
}

// A message is one event-loop turn's requests, in order.
parentPort!.on('message', (batch: CopyRequest[]) => {
  for (const request of batch) {
    let answer: CopyAnswer;
    try {
      answer = { id: request.id, result: read(request) };
    } catch (error) {
      answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    parentPort!.postMessage(answer);
  }
});
