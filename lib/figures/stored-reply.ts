import { emptyMessage, type AssembledMessage } from '@/lib/assemble/message';
import { storedFields, type ReplyTimings, type StoredReplyFields } from '@/lib/api/conversations';
import type { ReplyFigures } from './reply-figures';

/** A stored reply's figures: the server's, measured from when it received the request. */
export function storedFigures(timings: ReplyTimings): ReplyFigures {
  return {
    firstToken: timings.firstToken,
    firstAnswer: timings.firstAnswer,
    lastToken: timings.lastToken,
    end: timings.end,
    tokenEvents: timings.tokenEvents,
    settled: true,
    requestStart: timings.requestStart,
  };
}

/** A stored reply's message, as the page holds an assembled one. */
export function storedReplyMessage(m: StoredReplyFields): AssembledMessage {
  return { ...emptyMessage(m.status), ...storedFields(m) };
}
