import type { StreamReader } from '@/lib/assemble/stream-reader';
import type { AssembledMessage } from '@/lib/assemble/message';
import type { ModelPricing } from '@/lib/pricing/cost';
import type { ProtocolId } from '@/lib/protocols/ids';
import { snapshotOf } from './snapshot';
import type { ReplyFigures } from '@/lib/figures/reply-figures';

/** A failure before any byte streamed: the BFF's JSON error. */
export interface PreStreamError {
  status: number;
  type: string;
  message: string;
  /** The upstream's own status, when it answered (its 5xx is answered 502). */
  upstreamStatus?: number;
  /** The upstream's error body, when the server passed it on (the stored reply's error keeps the same). */
  upstreamBody?: string;
  /** The server kept only that body's start. */
  upstreamBodyTruncated?: true;
}

/**
 * What a reply's stream writes into it: declared here, below the threads that hold the
 * reply (lib/client/thread/ui-message.ts), so the stream depends on no store.
 */
export interface StreamedReply {
  reply: AssembledMessage;
  figures: ReplyFigures;
  preError?: PreStreamError;
  /**
   * When its request started, on this page's clock (performance.now()): where its figures
   * count from, so the live progress line can tell the time since then, and since its last token.
   */
  startedAt?: number;
  /** True when the browser lost its connection to the server (no `: sluice end`). */
  connectionLost?: boolean;
  /** The connection to the server dropped mid-stream and the page is joining the stream again. */
  reconnecting?: boolean;
  /** The reply's stream on the server (`x-sluice-message-id`): what a join and a stop name. */
  streamId?: string;
  /** The wire protocol its stream spoke, once known. */
  protocol?: ProtocolId;
  /** Its model's prices and context window (`x-sluice-pricing`, or as stored); null: the model has no known price. */
  pricing?: ModelPricing | null;
}

/** What a stream changes at its turn: some of its reply's fields. */
export type ReplyPatch = Partial<StreamedReply>;

/** A reader's reply as a patch: a snapshot of the message and its figures so far (with `end` once it is over). */
export function replyPatch(
  reader: StreamReader,
  message: AssembledMessage = reader.snapshot(),
  end?: number,
): Pick<StreamedReply, 'reply' | 'figures'> {
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
