import 'server-only';
import type { AssembledMessage } from '@/lib/assemble/message';
import { partsOf, type ChatMessage } from '@/lib/protocols/conversation';

/** Longest text one content attribute carries; past it, cut and marked. */
export const MAX_CONTENT_CHARS = 128 * 1024;

type Part =
  | { type: 'text'; content: string }
  | { type: 'reasoning'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: unknown }
  | { type: 'tool_call_response'; id: string; response: string };

const bound = (json: string) => (json.length > MAX_CONTENT_CHARS ? `${json.slice(0, MAX_CONTENT_CHARS)}…[cut]` : json);

/** `gen_ai.input.messages`: the conversation as sent, in the conventions' JSON (roles and parts). */
export function inputMessages(messages: ChatMessage[]): string {
  return bound(
    JSON.stringify(
      messages.map((message) => ({
        role: message.role,
        parts: partsOf(message).map((part): Part => {
          switch (part.type) {
            case 'text':
              return { type: 'text', content: part.text };
            case 'thinking':
              return { type: 'reasoning', content: part.text };
            case 'tool-call':
              return { type: 'tool_call', id: part.id, name: part.name, arguments: part.args };
            case 'tool-result':
              return { type: 'tool_call_response', id: part.callId, response: part.content };
          }
        }),
      })),
    ),
  );
}

/** `gen_ai.output.messages`: the reply, in the same JSON. */
export function outputMessages(
  reply: Pick<AssembledMessage, 'text' | 'thinking' | 'toolCalls' | 'rawFinishReason' | 'finishReason'>,
): string {
  const parts: Part[] = [];
  if (reply.thinking) parts.push({ type: 'reasoning', content: reply.thinking });
  if (reply.text) parts.push({ type: 'text', content: reply.text });
  for (const call of reply.toolCalls)
    parts.push({ type: 'tool_call', id: call.id, name: call.name, arguments: call.args ?? call.argsText });
  const finish = reply.rawFinishReason ?? reply.finishReason;
  return bound(JSON.stringify([{ role: 'assistant', parts, ...(finish ? { finish_reason: finish } : {}) }]));
}
