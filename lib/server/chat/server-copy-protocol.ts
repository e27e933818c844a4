import type { AssembledMessage } from '@/lib/assemble/message';
import type { StreamOutcome } from '@/lib/assemble/assemble';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { SseLimits } from '@/lib/sse/limits';
import type { PackedEvents } from '../store/types';

/** What the relay tells the copy worker (in batches, one per event-loop turn): a stream opens, its chunks as they went out, then its end. */
export type CopyRequest =
  | { kind: 'open'; id: number; protocol: ProtocolId; maxBytes: number; markerNonce: string; limits: SseLimits }
  | { kind: 'push'; id: number; bytes: Uint8Array; at: number }
  | { kind: 'finish'; id: number; outcome: StreamOutcome; at: number };

/** The server's copy of one stream, read to its end. */
export interface CopyResult {
  message: AssembledMessage;
  events: PackedEvents;
  firstTokenAt?: number;
  firstAnswerAt?: number;
}

/** A finished stream's result (or why it could not be read), or how many bytes of pushes a batch carried (the backlog's bookkeeping). */
export type CopyAnswer = { id: number; result: CopyResult } | { id: number; error: string } | { drained: number };
