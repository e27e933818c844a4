import { anthropicKey } from './auth';
import { partsOf, type ChatMessage, type MessagePart } from '../conversation';
import {
  DEFAULT_MAX_TOKENS,
  postTo,
  systemText,
  thinkingBudget,
  type RequestInput,
  type UpstreamRequest,
} from '../request-types';

type Block = Record<string, unknown>;

function toBlock(part: MessagePart): Block | undefined {
  switch (part.type) {
    case 'text':
      return part.text === '' ? undefined : { type: 'text', text: part.text };
    case 'thinking':
      // Earlier thinking goes back with its signature, untouched, or Anthropic rejects the turn.
      if (part.redacted) return { type: 'redacted_thinking', data: part.redacted };
      return part.signature ? { type: 'thinking', thinking: part.text, signature: part.signature } : undefined;
    case 'tool-call':
      return { type: 'tool_use', id: part.id, name: part.name, input: part.args ?? {} };
    case 'tool-result':
      return {
        type: 'tool_result',
        tool_use_id: part.callId,
        content: part.content,
        ...(part.isError ? { is_error: true } : {}),
      };
  }
}

/** Anthropic wants strictly alternating turns: tool results ride in a user turn, and neighbours merge. */
function toMessages(messages: ChatMessage[]): { role: 'user' | 'assistant'; content: Block[] }[] {
  const out: { role: 'user' | 'assistant'; content: Block[] }[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = partsOf(message).flatMap((p): Block[] => {
      const block = toBlock(p);
      return block ? [block] : [];
    });
    if (blocks.length === 0) continue;
    const last = out.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  }
  return out;
}

/** POST {baseUrl}/messages, streaming; max_tokens is required, so it has a default. */
export function buildAnthropicRequest({ target, model, messages, params }: RequestInput): UpstreamRequest {
  const budget = thinkingBudget(params.thinking);
  const thinking = budget === undefined ? undefined : Math.max(1024, budget);
  const system = systemText(messages);
  return postTo(target, target.path ?? '/messages', anthropicKey, {
    model,
    max_tokens: params.maxTokens ?? (thinking ?? 0) + DEFAULT_MAX_TOKENS,
    stream: true,
    ...(system ? { system } : {}),
    messages: toMessages(messages),
    // Extended thinking requires the default temperature.
    ...(params.temperature !== undefined && thinking === undefined ? { temperature: Math.min(1, params.temperature) } : {}),
    ...(thinking !== undefined ? { thinking: { type: 'enabled', budget_tokens: thinking } } : {}),
    ...(params.tools?.length
      ? {
          tools: params.tools.map((t) => ({
            name: t.name,
            description: t.description,
            input_schema: t.parameters ?? { type: 'object', properties: {} },
          })),
        }
      : {}),
  });
}
