import type { AssembledMessage, AssistantPart } from '@/lib/assemble/message';

/**
 * What the page lacks of a streaming reply since the last delta. A stream's texts only
 * ever grow, so they cross as what was added: sending the whole reply at each update
 * would copy a 50k-token reply thousands of times.
 */
export interface ReplyDelta {
  /** The small fields, whole. */
  fields: Pick<AssembledMessage, 'status' | 'id' | 'model' | 'finishReason' | 'rawFinishReason' | 'usage' | 'error' | 'otherChoices' | 'unknownEvents' | 'malformedEvents'>;
  /** Added to `text` and `thinking`. */
  text: string;
  thinking: string;
  /** Added to `refusal` (which starts undefined), when it grew. */
  refusal?: string;
  /** Annotations added. */
  annotations: unknown[];
  /** Parts new or changed. `grown`: a text or thinking part whose `text` holds only what was added to it, its other fields unchanged. */
  parts: { index: number; part: AssistantPart; grown?: true }[];
}

/** What was sent of each growing field, so the next delta starts where the last ended. */
interface Sent {
  text: number;
  thinking: number;
  refusal?: number;
  annotations: number;
  /** Per part: the length of its text sent (text and thinking parts), and a fingerprint of the rest. */
  parts: { text: number; rest: string }[];
}

/** A part's growing text, if it has one, and a fingerprint of what else can change in it: a change there sends it whole. */
function measure(part: AssistantPart): { text: number; rest: string } {
  switch (part.type) {
    case 'text':
      return { text: part.text.length, rest: 'text' };
    case 'thinking':
      return { text: part.text.length, rest: `thinking|${part.signature?.length ?? -1}|${part.redacted?.length ?? -1}` };
    case 'tool-call':
      return { text: 0, rest: `call|${part.call.argsText.length}|${part.call.args !== undefined}|${part.call.argsError ?? ''}` };
    case 'tool-result':
      return { text: 0, rest: 'result' };
  }
}

/** The sending side: one per stream, fed the reader's live message at each update. */
export function replyDiffer(): (message: AssembledMessage) => ReplyDelta {
  const sent: Sent = { text: 0, thinking: 0, annotations: 0, parts: [] };
  return (m) => {
    const parts: ReplyDelta['parts'] = [];
    m.parts.forEach((part, index) => {
      const now = measure(part);
      const before = sent.parts[index];
      if (before && now.text === before.text && now.rest === before.rest) return;
      sent.parts[index] = now;
      if ((part.type === 'text' || part.type === 'thinking') && before?.rest === now.rest) parts.push({ index, part: { ...part, text: part.text.slice(before.text) }, grown: true });
      else parts.push({ index, part: copyOf(part) });
    });
    const refusal = m.refusal !== undefined && m.refusal.length !== sent.refusal ? m.refusal.slice(sent.refusal ?? 0) : undefined;
    const delta: ReplyDelta = {
      fields: {
        status: m.status,
        id: m.id,
        model: m.model,
        finishReason: m.finishReason,
        rawFinishReason: m.rawFinishReason,
        usage: m.usage && { ...m.usage },
        error: m.error && { ...m.error },
        otherChoices: m.otherChoices && { ...m.otherChoices },
        unknownEvents: m.unknownEvents,
        malformedEvents: m.malformedEvents,
      },
      text: m.text.slice(sent.text),
      thinking: m.thinking.slice(sent.thinking),
      ...(refusal !== undefined ? { refusal } : {}),
      annotations: m.annotations.slice(sent.annotations),
      parts,
    };
    sent.text = m.text.length;
    sent.thinking = m.thinking.length;
    sent.refusal = m.refusal?.length;
    sent.annotations = m.annotations.length;
    return delta;
  };
}

/** A copy the assembler cannot change afterwards (it mutates its parts in place); on the page nothing is cloned for us. */
function copyOf(part: AssistantPart): AssistantPart {
  return part.type === 'tool-call' ? { type: 'tool-call', call: { ...part.call } } : { ...part };
}

/**
 * The receiving side: the reply with a delta applied, as a new object for React. Parts
 * the delta does not name keep their identity, so their views can skip rendering.
 */
export function applyReplyDelta(m: AssembledMessage, delta: ReplyDelta): AssembledMessage {
  const parts = m.parts.slice();
  for (const { index, part, grown } of delta.parts) {
    const before = parts[index];
    parts[index] = grown && (before?.type === 'text' || before?.type === 'thinking') && part.type === before.type ? { ...part, text: before.text + part.text } : part;
  }
  return {
    ...m,
    ...delta.fields,
    text: m.text + delta.text,
    thinking: m.thinking + delta.thinking,
    refusal: delta.refusal !== undefined ? (m.refusal ?? '') + delta.refusal : m.refusal,
    annotations: delta.annotations.length > 0 ? [...m.annotations, ...delta.annotations] : m.annotations,
    parts,
    // Every tool call is also a part (the assembler adds both at once), in the same order.
    toolCalls: parts.flatMap((p) => (p.type === 'tool-call' ? [p.call] : [])),
  };
}
