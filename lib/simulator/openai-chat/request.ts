/** What the simulator reads of a openai-chat request body. */
import { asArray, isObject, type Json } from '@/lib/protocols/json';
import { numberOr, requireArray, textOf, trailingWhile, type ReadRequest, type JsonSchema } from '../request-types';

export const readOpenAiChat: ReadRequest = (body: Json) => {
  const messages = requireArray(body, 'messages').filter(isObject);
  const callNames = new Map<string, string>();
  for (const m of messages) {
    for (const call of asArray(m.tool_calls)) {
      if (isObject(call) && isObject(call.function)) callNames.set(String(call.id), String(call.function.name));
    }
  }
  const trailing = trailingWhile(messages, (m) => m.role === 'tool');
  return {
    stream: body.stream === true,
    lastUserText: textOf([...messages].reverse().find((m) => m.role === 'user')?.content),
    toolResults: trailing.map((m) => ({ name: callNames.get(String(m.tool_call_id)) ?? 'tool', content: textOf(m.content) })),
    tools: asArray(body.tools)
      .filter(isObject)
      .map((t) =>
        isObject(t.function) ? { name: String(t.function.name), parameters: t.function.parameters as JsonSchema } : null,
      )
      .filter((t) => t !== null),
    maxTokens: numberOr(body.max_completion_tokens ?? body.max_tokens),
    includeUsage: isObject(body.stream_options) && body.stream_options.include_usage === true,
  };
};
