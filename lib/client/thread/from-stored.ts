import { emptyMessage, type AssembledMessage, type AssistantPart } from '@/lib/assemble/message';
import { partsOf, textOf, type ChatMessage } from '@/lib/protocols/conversation';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { Conversation, StoredMessage } from '@/lib/api/conversations';
import type { UiMessage } from './ui-message';
import { storedFigures, storedReplyMessage } from '../../figures/stored-reply';

/** An assistant message the client sent as history (not streamed here), as a reply to show. */
function replyFromContent(content: ChatMessage['content']): AssembledMessage {
  const message: ChatMessage = { role: 'assistant', content };
  const parts = partsOf(message).flatMap((p): AssistantPart[] => {
    if (p.type === 'text' || p.type === 'thinking') return [p];
    if (p.type === 'tool-call')
      return [{ type: 'tool-call', call: { id: p.id, name: p.name, argsText: JSON.stringify(p.args ?? {}), args: p.args } }];
    return [];
  });
  return {
    ...emptyMessage('complete'),
    text: textOf(message),
    thinking: parts.flatMap((p) => (p.type === 'thinking' ? [p.text] : [])).join(''),
    parts,
    toolCalls: parts.flatMap((p) => (p.type === 'tool-call' ? [p.call] : [])),
  };
}

/** One stored message as the page holds it (a reply with its stored figures, on the server's clock). */
export function uiMessageOf(m: StoredMessage): UiMessage {
  return { ...uiMessageFields(m), serverId: m.id, ...(m.versions ? { versions: m.versions } : {}) };
}

function uiMessageFields(m: StoredMessage): UiMessage {
  if (m.role === 'tool') return { id: m.id, role: 'tool', content: m.content, stored: true };
  if (m.role !== 'assistant') {
    const content = typeof m.content === 'string' ? m.content : textOf({ role: m.role, content: m.content });
    return m.role === 'system'
      ? { id: m.id, role: 'system', content, stored: true }
      : { id: m.id, role: 'user', content, stored: true };
  }
  if (!('text' in m))
    return {
      id: m.id,
      role: 'assistant',
      provider: '',
      model: '',
      reply: replyFromContent(m.content),
      figures: {},
      stored: true,
    };
  const { timings } = m;
  return {
    id: m.id,
    role: 'assistant',
    provider: m.provider,
    model: m.model,
    ...(m.replayOf ? { replayOf: m.replayOf } : {}),
    protocol: m.protocol as ProtocolId,
    reply: storedReplyMessage(m),
    figures: storedFigures(timings),
    pricing: m.pricing ?? null,
    stored: true,
  };
}

/** A stored conversation as the page's threads hold it, every message in its place. */
export function uiMessagesOf(conversation: Conversation): UiMessage[] {
  return conversation.messages.map(uiMessageOf);
}

/**
 * A conversation the server has not stored (a captured request's messages), as the
 * page's threads hold one: each message new, with an id of its own, as from history
 * otherwise (an assistant turn of it reads as a reply sent as history).
 */
export function uiMessagesFromRequest(messages: ChatMessage[]): UiMessage[] {
  return messages.map((m): UiMessage => {
    const id = crypto.randomUUID();
    const stored: StoredMessage =
      m.role === 'assistant'
        ? { id, role: 'assistant', content: m.content, createdAt: '', status: 'complete' }
        : { id, role: m.role, content: m.content, createdAt: '' };
    return { ...uiMessageFields(stored), stored: false };
  });
}
