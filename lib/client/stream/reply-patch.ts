import type { StreamReader } from '@/lib/assemble/stream-reader';
import type { AssembledMessage } from '@/lib/assemble/message';
import { snapshotOf } from './snapshot';

/** A reader's reply as a chat-store patch: a snapshot of the message and its figures so far (with `end` once it is over). */
export function replyPatch(reader: StreamReader, message: AssembledMessage = reader.snapshot(), end?: number) {
  return {
    reply: snapshotOf(message),
    figures: {
      firstToken: reader.firstTokenAt,
      firstAnswer: reader.firstAnswerAt,
      lastToken: reader.lastTokenAt,
      tokenEvents: reader.tokenEvents,
      ...(end !== undefined ? { end } : {}),
    },
  };
}
