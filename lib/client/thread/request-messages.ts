import type { AssembledMessage } from '@/lib/assemble/message';
import type { ChatMessage, MessagePart } from '@/lib/protocols/conversation';
import type { UiMessage } from './ui-message';

/** An assembled reply as the normalized parts the next request carries. */
export function replyParts(reply: AssembledMessage): MessagePart[] {
  return reply.parts.flatMap((part): MessagePart[] => {
    switch (part.type) {
      case 'text':
        return [{ type: 'text', text: part.text }];
      case 'thinking':
        return [
          {
            type: 'thinking',
            text: part.text,
            ...(part.signature ? { signature: part.signature } : {}),
            ...(part.redacted ? { redacted: part.redacted } : {}),
          },
        ];
      case 'tool-call':
        return part.call.server
          ? []
          : [{ type: 'tool-call', id: part.call.id, name: part.call.name, args: part.call.args ?? {} }];
      case 'tool-result':
        return [];
    }
  });
}

/** Whether a message goes in the request as history: failed, empty and imported replies do not. */
const sent = (m: UiMessage) => m.role !== 'assistant' || !(m.preError || m.imported || m.reply.parts.length === 0);

/** The conversation so far, as the request's `messages`. Failed and imported replies are left out. */
export function toRequestMessages(order: string[], messages: Record<string, UiMessage>): ChatMessage[] {
  return order.flatMap((id): ChatMessage[] => {
    const m = messages[id]!;
    if (!sent(m)) return [];
    if (m.role !== 'assistant') return [{ role: m.role, content: m.content }];
    return [{ role: 'assistant', content: replyParts(m.reply) }];
  });
}

/**
 * What the server has not seen of a conversation (this turn's messages, and those of
 * turns it never got) and, for a stored conversation, the request fields that say so.
 */
export function unseenByServer(
  order: string[],
  messages: Record<string, UiMessage>,
  conversationId: string | undefined,
  replaceFrom?: number,
) {
  // A new conversation stores every message its first request carries: a chat opened from
  // a capture has replies in its history that no stream of this page wrote. An existing one
  // stores the turn's new messages (`newMessages`), its replies coming from their streams.
  const unstored = order.filter((k) => {
    const m = messages[k]!;
    return !m.stored && (conversationId ? m.role !== 'assistant' : sent(m));
  });
  const history = conversationId
    ? { conversationId, newMessages: unstored.length, ...(replaceFrom !== undefined ? { replaceFrom } : {}) }
    : undefined;
  return { unstored, history };
}

/** Where a message is, or would be, among the messages the server has. */
export function storedPosition(order: string[], messages: Record<string, UiMessage>, id: string): number {
  let position = 0;
  for (const key of order) {
    if (key === id) break;
    if (messages[key]?.stored) position++;
  }
  return position;
}
