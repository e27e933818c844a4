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
  error?: { message: string; code?: string };
  /** Texts of other choices (n > 1), by choice index. */
  otherChoices?: Record<number, string>;
  /** Events the decoder did not know, and malformed ones: counted, never fatal. */
  unknownEvents: number;
  malformedEvents: number;
}

/** A reply with nothing in it yet. */
export function emptyMessage(status: MessageStatus = 'streaming'): AssembledMessage {
  return { status, text: '', thinking: '', parts: [], toolCalls: [], annotations: [], unknownEvents: 0, malformedEvents: 0 };
}
