import type { ContextPart } from '@/lib/api/runs';

/**
 * A request body's prompt as its provider sees it, laid out the same for every protocol:
 * the tool definitions, the system prompt, then each message (input item, content) as
 * sent, with the pieces it is made of. Read off the wire body itself, not the normalized
 * conversation (`readRequest`), which leaves out what it has no place for (server tools,
 * custom tool calls, tool schemas it cannot name) and merges and splits messages: here a
 * message is the wire's, numbered as the app sent it.
 */
export interface PromptLayout {
  /** The body's `model`, where the protocol carries it there. */
  model?: string;
  /** Each tool as sent, in order; `name` is its name (a server tool's type where it has none). */
  tools: { name: string; wire: unknown }[];
  /** The system prompt as sent (its field, or the leading system messages), and its text. */
  system?: { wire: unknown; text: string };
  messages: LaidMessage[];
}

export interface LaidMessage {
  /** `user`, `assistant`, `system`, `reasoning` …: what the message is when it neither calls nor answers a tool. */
  role: string;
  /** The message as sent (Anthropic's string content as the one text block it stands for). */
  wire: unknown;
  pieces: PromptPiece[];
  /** The tools it calls, and the tools whose results it carries, in order. */
  calls: string[];
  results: string[];
}

/** A countable piece of a message: a text, a call, a result, a thinking block. */
export interface PromptPiece {
  part: ContextPart;
  text: string;
  /** A tool result's own name: "tool result of Read (call toolu_01…)". */
  name?: string;
}

/** An id short enough to name a call by: "toolu_01…". */
export const shortId = (id: string): string => (id.length > 10 ? `${id.slice(0, 8)}…` : id);

export const resultPiece = (text: string, tool: string | undefined, callId: string | undefined): PromptPiece => ({
  part: 'toolResults',
  text,
  name: `tool result of ${tool ?? 'a tool'}${callId ? ` (call ${shortId(callId)})` : ''}`,
});

/** A message from its pieces: the tools it calls and answers read off them. */
export function laid(
  role: string,
  wire: unknown,
  pieces: PromptPiece[],
  calls: string[] = [],
  results: string[] = [],
): LaidMessage {
  return { role, wire, pieces, calls, results };
}
