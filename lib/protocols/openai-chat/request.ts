import { bearerKey } from './auth';
import { partsOf, textOf, type ChatMessage } from '../conversation';
import { postTo, reasoningEffort, type RequestInput, type UpstreamRequest } from '../request-types';

function toWire(message: ChatMessage): Record<string, unknown>[] {
  const parts = partsOf(message);
  switch (message.role) {
    case 'system':
    case 'user':
      return [{ role: message.role, content: textOf(message) }];
    case 'assistant': {
      const calls = parts.flatMap((p) =>
        p.type === 'tool-call'
          ? [{ id: p.id, type: 'function', function: { name: p.name, arguments: JSON.stringify(p.args ?? {}) } }]
          : [],
      );
      const text = textOf(message);
      // Thinking is not sent back: Chat Completions providers reject or ignore it.
      return [
        {
          role: 'assistant',
          content: text === '' && calls.length > 0 ? null : text,
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
        },
      ];
    }
    case 'tool':
      return parts.flatMap((p) =>
        p.type === 'tool-result' ? [{ role: 'tool', tool_call_id: p.callId, content: p.content }] : [],
      );
  }
}

/** POST {baseUrl}/chat/completions, streaming, with usage on the last chunk. */
export function buildOpenAiChatRequest({ target, model, messages, params }: RequestInput): UpstreamRequest {
  const effort = reasoningEffort(params.thinking);
  return postTo(target, target.path ?? '/chat/completions', bearerKey, {
    model,
    messages: messages.flatMap(toWire),
    stream: true,
    stream_options: { include_usage: true },
    ...(params.maxTokens !== undefined ? { max_tokens: params.maxTokens } : {}),
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(effort ? { reasoning_effort: effort } : {}),
    ...(params.tools?.length
      ? {
          tools: params.tools.map((t) => ({
            type: 'function',
            function: {
              name: t.name,
              description: t.description,
              parameters: t.parameters ?? { type: 'object', properties: {} },
            },
          })),
        }
      : {}),
  });
}
