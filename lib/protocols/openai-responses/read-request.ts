import type { ChatMessage, MessagePart } from '../conversation';
import { asArray, isObject, str, type Json } from '../json';
import { contentText, parsedArgs } from '../openai-chat/read-request';
import { budgetOfEffort, paramsOf, toolDefinition, withResultsMerged, type NormalizedRequest } from '../request-types';

/** Appends parts to the assistant turn in progress (a function call follows its message as an item of its own). */
function addToAssistant(messages: ChatMessage[], parts: MessagePart[]): void {
  const last = messages.at(-1);
  if (last?.role === 'assistant' && Array.isArray(last.content)) last.content = [...last.content, ...parts];
  else messages.push({ role: 'assistant', content: parts });
}

/** An OpenAI Responses body (`POST /responses`) as the normalized conversation. */
export function readOpenAiResponsesRequest(body: Json): NormalizedRequest {
  const instructions = str(body.instructions);
  const messages: ChatMessage[] = instructions ? [{ role: 'system', content: instructions }] : [];
  const items = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : asArray(body.input).filter(isObject);
  const names = new Map<string, string>();
  for (const item of items) {
    if (item.type === 'function_call') {
      const id = str(item.call_id);
      const name = str(item.name);
      if (!id || !name) continue;
      names.set(id, name);
      addToAssistant(messages, [{ type: 'tool-call', id, name, args: parsedArgs(item.arguments) }]);
    } else if (item.type === 'function_call_output') {
      const callId = str(item.call_id);
      if (!callId) continue;
      const name = names.get(callId);
      const content = typeof item.output === 'string' ? item.output : contentText(item.output);
      messages.push({ role: 'tool', content: [{ type: 'tool-result', callId, ...(name ? { name } : {}), content }] });
    } else if (item.type === 'reasoning') {
      const text = asArray(item.summary)
        .map((s) => (isObject(s) && typeof s.text === 'string' ? s.text : ''))
        .join('\n\n');
      if (text) addToAssistant(messages, [{ type: 'thinking', text }]);
    } else if (item.type === undefined || item.type === 'message') {
      const text = contentText(item.content);
      if (item.role === 'system' || item.role === 'developer') messages.push({ role: 'system', content: text });
      else if (item.role === 'user') messages.push({ role: 'user', content: text });
      else if (item.role === 'assistant' && text) addToAssistant(messages, [{ type: 'text', text }]);
    }
  }
  const tools = asArray(body.tools).flatMap((t) => {
    const read = isObject(t) && t.type === 'function' ? toolDefinition(t.name, t.description, t.parameters) : undefined;
    return read ? [read] : [];
  });
  return {
    ...(typeof body.model === 'string' ? { model: body.model } : {}),
    messages: withResultsMerged(messages),
    params: paramsOf({
      maxTokens: body.max_output_tokens,
      temperature: body.temperature,
      thinking: isObject(body.reasoning) ? budgetOfEffort(body.reasoning.effort) : undefined,
      tools,
    }),
  };
}
