import type { StreamEvent } from '../events';
import { asArray, isObject } from '../json';
import { decodeWhole } from '../whole';
import { createOpenAiChatDecoder } from './decode';

/**
 * A `chat.completion` as its stream would have said it: each choice's `message` as the
 * one `delta` its chunks add up to (its tool calls numbered, as their chunks number
 * them), its finish reason and usage with it, then `[DONE]`.
 */
export function decodeOpenAiChatWhole(body: unknown): StreamEvent[] {
  if (!isObject(body)) return [];
  const choices = asArray(body.choices)
    .filter(isObject)
    .map(({ message, ...choice }) => {
      const delta = isObject(message) ? message : {};
      const calls = asArray(delta.tool_calls).map((call, index) => (isObject(call) ? { index, ...call } : call));
      return { ...choice, delta: calls.length ? { ...delta, tool_calls: calls } : delta };
    });
  return decodeWhole(createOpenAiChatDecoder(), [{ data: { ...body, choices } }, { data: '[DONE]' }]);
}
