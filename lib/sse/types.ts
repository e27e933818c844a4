/** One thing read off an SSE stream, with the exact text it came as. */
export type SseItem = SseEvent | SseComment | SseRetry | SseLeftover;

interface Raw {
  /** Arrival order, from 0, across every kind of item. */
  seq: number;
  /** The exact text, line endings included. */
  raw: string;
  /** UTF-8 size of `raw`. */
  readonly bytes: number;
  /** Caller's clock when the chunk that completed this item arrived (ms). */
  at: number;
}

export interface SseEvent extends Raw {
  kind: 'event';
  /** The `event:` field; undefined means the default, "message". */
  event?: string;
  data: string;
  id?: string;
}

export interface SseComment extends Raw {
  kind: 'comment';
  text: string;
}

export interface SseRetry extends Raw {
  kind: 'retry';
  ms: number;
}

/** Text after the last complete event at end of stream: never dispatched, but shown. */
export interface SseLeftover extends Raw {
  kind: 'leftover';
}
