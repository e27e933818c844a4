import type { ChatMessage, MessagePart } from '../conversation';
import { asArray, isObject, num, str, type Json } from '../json';
import { contentText } from '../openai-chat/read-request';
import { paramsOf, toolDefinition, withResultsMerged, type NormalizedRequest } from '../request-types';

/** A function's response as the text a tool result carries: `{result: x}` (how a plain result travels) is x again. */
function resultText(response: unknown): string {
  if (isObject(response) && Object.keys(response).length === 1 && 'result' in response)
    return typeof response.result === 'string' ? response.result : JSON.stringify(response.result);
  return JSON.stringify(response ?? {});
}

/**
 * A Gemini body (`…/models/{model}:streamGenerateContent`) as the normalized conversation.
 * Gemini's calls rarely carry ids: each gets one (its own `id`, else `call_N`), and a
 * response answers the oldest unanswered call of its name.
 */
export function readGeminiRequest(body: Json): NormalizedRequest {
  const instruction = body.systemInstruction ?? body.system_instruction;
  const system = isObject(instruction) ? contentText(instruction.parts) : contentText(instruction);
  const messages: ChatMessage[] = system ? [{ role: 'system', content: system }] : [];
  const unanswered: { id: string; name: string }[] = [];
  let calls = 0;
  for (const content of asArray(body.contents).filter(isObject)) {
    const parts = asArray(content.parts).filter(isObject);
    if (content.role === 'model') {
      const out = parts.flatMap((p): MessagePart[] => {
        if (isObject(p.functionCall)) {
          const name = str(p.functionCall.name);
          if (!name) return [];
          const id = str(p.functionCall.id) ?? `call_${++calls}`;
          unanswered.push({ id, name });
          return [{ type: 'tool-call', id, name, args: p.functionCall.args ?? {} }];
        }
        if (typeof p.text !== 'string' || p.text === '') return [];
        return [p.thought === true ? { type: 'thinking', text: p.text } : { type: 'text', text: p.text }];
      });
      messages.push({ role: 'assistant', content: out });
      continue;
    }
    const results = parts.flatMap((p): MessagePart[] => {
      if (!isObject(p.functionResponse)) return [];
      const name = str(p.functionResponse.name) ?? '';
      const byId = str(p.functionResponse.id);
      const at = unanswered.findIndex((c) => (byId ? c.id === byId : c.name === name));
      const callId = at >= 0 ? unanswered.splice(at, 1)[0]!.id : (byId ?? `call_${++calls}`);
      return [{ type: 'tool-result', callId, ...(name ? { name } : {}), content: resultText(p.functionResponse.response) }];
    });
    if (results.length) messages.push({ role: 'tool', content: results });
    const text = contentText(parts.filter((p) => typeof p.text === 'string'));
    if (text || results.length === 0) messages.push({ role: 'user', content: text });
  }
  const tools = asArray(body.tools).flatMap((t) =>
    asArray(isObject(t) ? (t.functionDeclarations ?? t.function_declarations) : undefined).flatMap((f) => {
      const read = isObject(f) ? toolDefinition(f.name, f.description, f.parameters ?? f.parametersJsonSchema) : undefined;
      return read ? [read] : [];
    }),
  );
  const config = isObject(body.generationConfig) ? body.generationConfig : {};
  const thinking = isObject(config.thinkingConfig) ? num(config.thinkingConfig.thinkingBudget) : undefined;
  return {
    messages: withResultsMerged(messages),
    params: paramsOf({ maxTokens: config.maxOutputTokens, temperature: config.temperature, thinking, tools }),
  };
}
