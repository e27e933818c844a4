import { bearerKey } from '../openai-chat/auth';
import { partsOf, textOf, type ChatMessage } from '../conversation';
import { postTo, reasoningEffort, systemText, type RequestInput, type UpstreamRequest } from '../request-types';

function toItems(message: ChatMessage): Record<string, unknown>[] {
  if (message.role === 'system') return [];
  if (message.role === 'user') return [{ role: 'user', content: textOf(message) }];
  return partsOf(message).flatMap((p): Record<string, unknown>[] => {
    switch (p.type) {
      case 'text':
        return p.text ? [{ role: 'assistant', content: p.text }] : [];
      case 'tool-call':
        return [{ type: 'function_call', call_id: p.id, name: p.name, arguments: JSON.stringify(p.args ?? {}) }];
      case 'tool-result':
        return [{ type: 'function_call_output', call_id: p.callId, output: p.content }];
      case 'thinking':
        return []; // reasoning items cannot be replayed without their encrypted content
    }
  });
}

/** POST {baseUrl}/responses, streaming, not stored upstream. */
export function buildOpenAiResponsesRequest({ target, model, messages, params }: RequestInput): UpstreamRequest {
  const effort = reasoningEffort(params.thinking);
  const instructions = systemText(messages);
  return postTo(target, target.path ?? '/responses', bearerKey, {
    model,
    input: messages.flatMap(toItems),
    stream: true,
    store: false,
    ...(instructions ? { instructions } : {}),
    ...(params.maxTokens !== undefined ? { max_output_tokens: params.maxTokens } : {}),
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(effort ? { reasoning: { effort, summary: 'auto' } } : {}),
    ...(params.tools?.length
      ? {
          tools: params.tools.map((t) => ({
            type: 'function',
            name: t.name,
            description: t.description,
            parameters: t.parameters ?? { type: 'object', properties: {} },
            strict: false,
          })),
        }
      : {}),
  });
}
