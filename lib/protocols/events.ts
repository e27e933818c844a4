/**
 * Normalized stream events: what every wire format's decoder produces, and all the
 * assembler and the UI ever read. Declared once.
 */
export type FinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other';

export interface Usage {
  /** Every input token, cache reads and cache writes included (Anthropic reports them apart; its decoder adds them up). */
  inputTokens?: number;
  /** Every output token, thinking included. */
  outputTokens?: number;
  reasoningTokens?: number;
  /** Input tokens read from the provider's prompt cache. */
  cachedInputTokens?: number;
  /** Input tokens written to the provider's prompt cache (Anthropic's cache_creation_input_tokens). */
  cacheWriteTokens?: number;
  /** Anthropic's split of `cacheWriteTokens` by lifetime (its `cache_creation`), where a write happened: a 1-hour write costs more. */
  cacheWrite5mTokens?: number;
  cacheWrite1hTokens?: number;
  totalTokens?: number;
}

export type StreamEvent =
  | { type: 'message-start'; id?: string; model?: string }
  | { type: 'text-delta'; text: string; choice?: number }
  | { type: 'refusal-delta'; text: string }
  | { type: 'thinking-delta'; text: string }
  | { type: 'thinking-signature'; signature: string }
  | { type: 'thinking-redacted'; data: string }
  | { type: 'tool-call-start'; key: string; id: string; name: string; server?: boolean; choice?: number }
  | { type: 'tool-call-delta'; key: string; delta: string }
  /** `args` is the whole argument text, where the protocol repeats it at the end. */
  | { type: 'tool-call-end'; key: string; args?: string }
  /** A result the provider produced itself (web search, code execution …). */
  | { type: 'tool-result'; id?: string; name: string; content: unknown }
  | { type: 'annotation'; value: unknown }
  | { type: 'usage'; usage: Usage }
  | { type: 'finish'; reason: FinishReason; raw: string; choice?: number }
  | { type: 'error'; message: string; code?: string }
  /** The BFF cut the stream short on purpose (a bound): the reply is truncated, and says why. */
  | { type: 'cut'; message: string; code: string }
  /** The reply was stopped (by a user, for want of readers, or as the server stopped), and says why. */
  | { type: 'stopped'; message: string }
  /** The protocol's terminal marker: [DONE], message_stop, response.completed …, a Gemini finishReason. */
  | { type: 'end' }
  | { type: 'keep-alive' }
  /** An event this decoder does not know: passed on, never dropped, never fatal. */
  | { type: 'unknown'; name: string; data: string }
  | { type: 'malformed'; data: string; message: string };
