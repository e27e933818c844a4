import type { FinishReason, Usage } from '@/lib/protocols/events';

export type MessageStatus = 'streaming' | 'complete' | 'stopped' | 'error' | 'truncated';

export interface ToolCall {
  id: string;
  name: string;
  /** The argument text as streamed. */
  argsText: string;
  /** Parsed once complete; absent when the text is not valid JSON. */
  args?: unknown;
  /** Why `argsText` did not parse. */
  argsError?: string;
  /** Run by the provider itself (Anthropic server tools), not by the user. */
  server?: boolean;
}

export type AssistantPart =
  | { type: 'text'; text: string }
  | { type: 'thinking'; text: string; signature?: string; redacted?: string }
  | { type: 'tool-call'; call: ToolCall }
  | { type: 'tool-result'; id?: string; name: string; content: unknown };

/**
 * Something in the stream a reply was read from that did not read as it should. Such an
 * event is passed over, never fatal, so the reply may lack what it carried: the reply
 * says so, and points at those events' rows in the event log.
 */
export interface ReplyWarning {
  /** `malformed`: an event whose data did not parse; `unknown`: an event of a type its decoder does not know. */
  kind: 'malformed' | 'unknown';
  /** What happened, in a sentence. */
  message: string;
  /** The event log's rows of those events (their SSE item `seq`): the first MAX_WARNING_ITEMS of them. */
  items: number[];
  /** How many events there were. */
  count: number;
}

/** The rows a warning lists at most: a stream of nothing but unknown events must not make its reply a list of them. */
export const MAX_WARNING_ITEMS = 100;

/** The assistant's reply as assembled from a stream; what the server stores and the UI renders. */
export interface AssembledMessage {
  status: MessageStatus;
  id?: string;
  model?: string;
  text: string;
  thinking: string;
  refusal?: string;
  parts: AssistantPart[];
  toolCalls: ToolCall[];
  annotations: unknown[];
  finishReason?: FinishReason;
  rawFinishReason?: string;
  usage?: Usage;
  /**
   * Input tokens estimated from the request as the BFF sent it (its upstream marker's
   * `inputTokensEstimate`): the input a reply counts while the upstream has not said its
   * own (`countedUsage`), shown `≈`.
   */
  inputTokensEstimate?: number;
  error?: {
    message: string;
    code?: string;
    /**
     * A failure before streaming: the BFF's JSON error as it answered, its `type`, its
     * `status` and the upstream's own `upstreamStatus`, so a reload titles it as the page did.
     */
    type?: string;
    status?: number;
    upstreamStatus?: number;
    /** A failure before streaming: the upstream's own error body as its JSON error carried it (bounded, secrets redacted). */
    upstreamBody?: string;
    /** That body was longer than what was kept. */
    upstreamBodyTruncated?: true;
  };
  /** Texts of other choices (n > 1), by choice index. */
  otherChoices?: Record<number, string>;
  /** Events the decoder did not know, and malformed ones: counted, never fatal. */
  unknownEvents: number;
  malformedEvents: number;
  /** What the reader met that it could not read, with the event log rows to look at (one warning per kind). */
  warnings?: ReplyWarning[];
}

/** A reply with nothing in it yet. */
export function emptyMessage(status: MessageStatus = 'streaming'): AssembledMessage {
  return { status, text: '', thinking: '', parts: [], toolCalls: [], annotations: [], unknownEvents: 0, malformedEvents: 0 };
}
