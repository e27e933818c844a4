import type { ChatMessage, MessagePart } from '../conversation';
import { asArray, isObject, str, type Json } from '../json';
import { budgetOfEffort, paramsOf, toolDefinition, withResultsMerged, type NormalizedRequest } from '../request-types';

/** A content field's text: a string, or the text of its parts (images and audio have no place in a chat message). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

/** Arguments as a JSON text: parsed when they parse, else kept as the text they are. */
export function parsedArgs(text: unknown): unknown {
  if (typeof text !== 'string') return text ?? {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fromWire(message: Json, names: Map<string, string>): ChatMessage[] {
  switch (message.role) {
    case 'system':
    case 'developer':
      return [{ role: 'system', content: contentText(message.content) }];
    case 'user':
      return [{ role: 'user', content: contentText(message.content) }];
    case 'assistant': {
      const parts: MessagePart[] = [];
      // DeepSeek-style reasoning sent back: kept as thinking, which this protocol's request leaves out again.
      const reasoning = str(message.reasoning_content);
      if (reasoning) parts.push({ type: 'thinking', text: reasoning });
      const text = contentText(message.content);
      if (text) parts.push({ type: 'text', text });
      for (const call of asArray(message.tool_calls)) {
        if (!isObject(call) || !isObject(call.function)) continue;
        const id = str(call.id);
        const name = str(call.function.name);
        if (!id || !name) continue;
        parts.push({ type: 'tool-call', id, name, args: parsedArgs(call.function.arguments) });
      }
      return [{ role: 'assistant', content: parts }];
    }
    case 'tool': {
      const callId = str(message.tool_call_id);
      if (!callId) return [];
      const name = names.get(callId);
      return [
        {
          role: 'tool',
          content: [{ type: 'tool-result', callId, ...(name ? { name } : {}), content: contentText(message.content) }],
        },
      ];
    }
    default:
      return [];
  }
}

/** A Chat Completions body (`POST /chat/completions`) as the normalized conversation. */
export function readOpenAiChatRequest(body: Json): NormalizedRequest {
  const wire = asArray(body.messages).filter(isObject);
  const names = new Map<string, string>();
  for (const m of wire)
    for (const call of asArray(m.tool_calls))
      if (isObject(call) && isObject(call.function)) names.set(String(call.id), String(call.function.name));
  const tools = asArray(body.tools).flatMap((t) => {
    const tool = isObject(t) && isObject(t.function) ? t.function : undefined;
    const read = tool && toolDefinition(tool.name, tool.description, tool.parameters);
    return read ? [read] : [];
  });
  return {
    ...(typeof body.model === 'string' ? { model: body.model } : {}),
    messages: withResultsMerged(wire.flatMap((m) => fromWire(m, names))),
    params: paramsOf({
      maxTokens: body.max_completion_tokens ?? body.max_tokens,
      temperature: body.temperature,
      thinking: budgetOfEffort(body.reasoning_effort),
      tools,
    }),
  };
}
