import 'server-only';
import type { AssembledMessage } from '@/lib/assemble/message';
import type { StreamOutcome } from '@/lib/assemble/assemble';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { SseLimits } from '@/lib/sse/limits';
import type { KeptBytes } from '../live/kept-bytes';
import type { Reply } from '@/lib/server/platform/worker-rpc';
import type { PackedEvents } from '@/lib/server/database/packed-events';

/** What the relay asks the copy worker once a stream has ended: read its kept bytes to a reply (`id` is the call's, for its answer). */
export interface CopyRequest {
  id: number;
  protocol: ProtocolId;
  kept: KeptBytes;
  outcome: StreamOutcome;
  /** When the stream ended (ms since the request started). */
  at: number;
  /** The stored event log's bound (bytes). */
  maxBytes: number;
  markerNonce: string;
  limits: SseLimits;
}

/** The server's copy of one stream, read to its end. */
export interface CopyResult {
  message: AssembledMessage;
  events: PackedEvents;
  firstTokenAt?: number;
  firstAnswerAt?: number;
  lastTokenAt?: number;
  /** Events that carried tokens (text, thinking, tool arguments): the speed's count when the upstream reports no usage. */
  tokenEvents?: number;
}

/** Everything the worker sends back. */
export type CopyAnswer = Reply<CopyResult>;
