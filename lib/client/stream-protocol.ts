import type { LogEntry } from '@/lib/event-log/entry';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { UpstreamExchange } from '@/lib/sse/bff-marker';
import type { PreStreamError } from './chat-store';
import type { ReplyDelta } from './reply-delta';

/**
 * What the page and the stream worker say to each other (lib/client/stream.worker.ts):
 * the page starts and stops replies; the reader answers with their news, in order.
 */
export type StreamCommand =
  | {
      type: 'start';
      id: string;
      /** POST /api/chat's body. */
      body: Record<string, unknown>;
      /** When the page asked, as `performance.timeOrigin + performance.now()`: the figures count from here, on any thread's clock. */
      startedAt: number;
    }
  | { type: 'stop'; id: string };

/** What a reply has of new since its last update. */
export interface ReplyUpdate {
  delta: ReplyDelta;
  /** ms from the start to the first token, and to the first token of the answer proper. */
  firstToken?: number;
  firstAnswer?: number;
  /** Event log rows since the last update; the upstream exchange, once, when it is known. */
  entries: LogEntry[];
  exchange?: UpstreamExchange;
  /** After each chunk since the last update: [ms from the start, token events so far] (the compare race chart). */
  progress: [number, number][];
}

export type StreamNews =
  /** The reader has the start command (the worker is alive). */
  | { type: 'accepted'; id: string }
  /** The response's headers, before any token: the conversation id if the server has the turn; the protocol if it streams. */
  | { type: 'headers'; id: string; conversationId: string | null; protocol?: ProtocolId }
  | { type: 'progress'; id: string; update: ReplyUpdate }
  | {
      type: 'end';
      id: string;
      update: ReplyUpdate;
      /** ms from the start to the end, when a response came. */
      end?: number;
      preError?: PreStreamError;
      /** The browser's connection to the server ended without the BFF's end marker. */
      connectionLost?: boolean;
    }
  /** The reader itself failed mid-reply (the worker died): the page keeps what it has; the server still stores the reply whole. */
  | { type: 'lost'; id: string; message: string };
