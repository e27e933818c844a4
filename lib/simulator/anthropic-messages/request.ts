/** What the simulator reads of a anthropic-messages request body. */
import { asArray, isObject, type Json } from '@/lib/protocols/json';
import { SimRequestError, requireArray, textOf, type ReadRequest, type JsonSchema } from '../request-types';

export const readAnthropic: ReadRequest = (body: Json) => {
  const messages = requireArray(body, 'messages').filter(isObject);
  if (typeof body.max_tokens !== 'number') throw new SimRequestError(400, 'max_tokens: Field required');
  const callNames = new Map<string, string>();
  for (const m of messages) {
    for (const block of asArray(m.content)) {
      if (isObject(block) && block.type === 'tool_use') callNames.set(String(block.id), String(block.name));
    }
  }
  const last = messages.at(-1);
  const results = asArray(last?.content).filter((b): b is Json => isObject(b) && b.type === 'tool_result');
  const userTexts = messages
    .filter((m) => m.role === 'user')
    .map((m) => textOf(m.content))
    .filter((t) => t !== '');
  return {
    stream: body.stream === true,
    lastUserText: userTexts.at(-1) ?? '',
    toolResults:
      last?.role === 'user'
        ? results.map((b) => ({ name: callNames.get(String(b.tool_use_id)) ?? 'tool', content: textOf(b.content) }))
        : [],
    tools: asArray(body.tools)
      .filter(isObject)
      .map((t) => ({ name: String(t.name), parameters: t.input_schema as JsonSchema })),
    maxTokens: body.max_tokens,
    includeUsage: true,
  };
};
