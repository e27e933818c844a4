/** What the simulator reads of a openai-responses request body. */
import { asArray, isObject, type Json } from '@/lib/protocols/json';
import { numberOr, requireArray, textOf, trailingWhile, type ReadRequest, type JsonSchema } from '../request-types';

export const readResponses: ReadRequest = (body: Json) => {
  const input =
    typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : requireArray(body, 'input').filter(isObject);
  const callNames = new Map<string, string>();
  for (const item of input) if (item.type === 'function_call') callNames.set(String(item.call_id), String(item.name));
  const trailing = trailingWhile(input, (i) => i.type === 'function_call_output');
  return {
    stream: body.stream === true,
    lastUserText: textOf([...input].reverse().find((i) => i.role === 'user')?.content),
    toolResults: trailing.map((i) => ({
      name: callNames.get(String(i.call_id)) ?? 'tool',
      content: typeof i.output === 'string' ? i.output : JSON.stringify(i.output),
    })),
    tools: asArray(body.tools)
      .filter(isObject)
      .filter((t) => t.type === 'function')
      .map((t) => ({ name: String(t.name), parameters: t.parameters as JsonSchema })),
    maxTokens: numberOr(body.max_output_tokens),
    includeUsage: true,
  };
};
