import type { AssembledMessage } from '@/lib/assemble/message';

/**
 * A copy of the live message for the store: the assembler mutates its own in place,
 * React needs a new object to see a change. Parts and calls are copied (they are
 * few); strings are shared.
 */
export function snapshotOf(message: AssembledMessage): AssembledMessage {
  const calls = new Map(message.toolCalls.map((c) => [c, { ...c }]));
  return {
    ...message,
    toolCalls: [...calls.values()],
    parts: message.parts.map((p) => (p.type === 'tool-call' ? { type: 'tool-call', call: calls.get(p.call)! } : { ...p })),
    usage: message.usage ? { ...message.usage } : undefined,
  };
}
