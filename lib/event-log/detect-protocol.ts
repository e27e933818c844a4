import type { ProtocolId } from '@/lib/protocols/ids';

const ANTHROPIC = new Set(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping']);

function shapeOf(data: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** One event's vote, from its name and its data's shape. */
function vote(name: string | undefined, data: string): ProtocolId | undefined {
  const json = shapeOf(data);
  const type = typeof json?.type === 'string' ? json.type : undefined;
  if (name?.startsWith('response.') || type?.startsWith('response.')) return 'openai-responses';
  if ((name && ANTHROPIC.has(name)) || (type && ANTHROPIC.has(type))) return 'anthropic-messages';
  if (json && ('candidates' in json || 'usageMetadata' in json || 'promptFeedback' in json)) return 'gemini';
  if (json && ('choices' in json || json.object === 'chat.completion.chunk')) return 'openai-chat';
  if (data.trim() === '[DONE]') return 'openai-chat';
  return undefined;
}

/** Which wire format a recorded stream speaks, by a majority of its events; undefined when none says. */
export function detectProtocol(events: { event?: string; data: string }[]): ProtocolId | undefined {
  const counts = new Map<ProtocolId, number>();
  for (const e of events) {
    const v = vote(e.event, e.data);
    if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}
