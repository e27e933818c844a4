import 'server-only';
import { BLIND_PROTOCOL, BLIND_PROVIDER, labelOf, type BlindSeat } from '@/lib/api/blind';
import type { Conversation, StoredEvents, StoredMessage } from '@/lib/api/conversations';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { AssistantPart } from '@/lib/assemble/message';
import { NeutralStream, NEUTRAL_FINISH } from './neutral-stream';
import { scrubNames } from './scrub-names';

/**
 * What every read of a blind race answers until its vote: each pane's replies name the
 * label ("A") and the blind provider, speak the neutral protocol, and carry nothing that
 * would tell the model apart but what it wrote and how fast (docs/contract.md, "Blind
 * races"). The stored rows stay as they were: the vote reads them whole.
 */

/** The names a blind pane's texts must not carry: its provider's id and name, its model. */
export function namesOf(seat: BlindSeat, providerName?: string): string[] {
  return [seat.provider, seat.model, ...(providerName ? [providerName] : [])];
}

/** A stored message of blind pane `pane`, as the page may see it before the vote. */
export function maskMessage(message: StoredMessage, pane: number, hide: readonly string[]): StoredMessage {
  if (message.role !== 'assistant' || !('provider' in message)) return message;
  const label = labelOf(pane);
  // Tool calls get the neutral stream's ids (call_A0, …), in the order they came.
  const ids = new Map(message.toolCalls.map((call, i) => [call.id, `call_${label}${i}`]));
  const neutralCall = <T extends { id: string }>(call: T): T => ({ ...call, id: ids.get(call.id) ?? call.id });
  // Without its prices (which would tell the model apart) and its warnings (which name the upstream's own events).
  const rest: Partial<typeof message> = { ...message };
  delete rest.pricing;
  delete rest.warnings;
  return {
    ...(rest as typeof message),
    provider: BLIND_PROVIDER,
    model: label,
    protocol: BLIND_PROTOCOL,
    cost: null,
    rawFinishReason: message.finishReason ? NEUTRAL_FINISH[message.finishReason] : undefined,
    // The cache-write count is one provider's word; the prices and cost would tell the model apart.
    usage: message.usage
      ? { ...message.usage, cacheWriteTokens: undefined, cacheWrite5mTokens: undefined, cacheWrite1hTokens: undefined }
      : undefined,
    toolCalls: message.toolCalls.filter((call) => !call.server).map(neutralCall),
    parts: message.parts.flatMap((part): AssistantPart[] => {
      if (part.type === 'thinking') return [{ type: 'thinking' as const, text: part.text }];
      if (part.type === 'tool-call') return part.call.server ? [] : [{ ...part, call: neutralCall(part.call) }];
      if (part.type === 'tool-result') return [];
      return [part];
    }),
    error: message.error
      ? {
          message: scrubNames(message.error.message, hide, label),
          ...(message.error.code ? { code: scrubNames(message.error.code, hide, label) } : {}),
        }
      : undefined,
  };
}

/** A blind pane's conversation, masked. */
export function maskConversation(conversation: Conversation, pane: number, hide: readonly string[]): Conversation {
  return { ...conversation, messages: conversation.messages.map((m) => maskMessage(m, pane, hide)) };
}

/** A blind reply's event log as the neutral stream: the items the page's log shows until the vote. */
export function maskEvents(events: StoredEvents, protocol: ProtocolId, pane: number, hide: readonly string[]): StoredEvents {
  const stream = new NeutralStream({ protocol, label: labelOf(pane), hide });
  const items: StoredEvents['items'] = [];
  for (const item of events.items) for (const raw of stream.push(item.raw, item.at)) items.push({ at: item.at, raw });
  const last = events.items.at(-1)?.at ?? 0;
  for (const raw of stream.end(last)) items.push({ at: last, raw });
  return { items, truncated: events.truncated };
}
