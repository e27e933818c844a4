/** GET /api/chat/{id}/times: when the server received each chunk of a reply's stream (docs/contract.md). */
export interface StreamTimes {
  /** Chunk i starts at byte offsets[i] of the relayed body and arrived at[i] ms after the request started. */
  offsets: number[];
  at: number[];
  /** The stream's length in bytes, and the server's clock (ms since the request started), when asked. */
  length: number;
  now: number;
  ended: boolean;
}

/** POST /api/chat/{id}/stop's answer: false when the reply had already ended. */
export interface StopAnswer {
  stopped: boolean;
}
