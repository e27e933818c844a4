import type { AssembledMessage } from '@/lib/assemble/message';
import type { StreamOutcome } from '@/lib/assemble/assemble';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { SseLimits } from '@/lib/sse/limits';
import type { Reply } from '../worker-rpc';
import type { PackedEvents } from '../store/types';

/** What the relay tells the copy worker (in batches, one per event-loop turn): a stream opens, its chunks as they went out, then its end. */
export type CopyRequest =
  | { kind: 'open'; stream: number; protocol: ProtocolId; maxBytes: number; markerNonce: string; limits: SseLimits }
  | { kind: 'push'; stream: number; bytes: Uint8Array; at: number }
  /** `id` is the call's, for its answer. */
  | { kind: 'finish'; id: number; stream: number; outcome: StreamOutcome; at: number };

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

/** How many bytes of pushes a batch carried (the backlog's bookkeeping). */
export interface CopyNote {
  drained: number;
}

/** Everything the worker sends back. */
export type CopyAnswer = Reply<CopyResult> | CopyNote;
