import type { ChatMessage, MessagePart } from '../conversation';
import { asArray, isObject, num, str, type Json } from '../json';
import { contentText } from '../openai-chat/read-request';
import { paramsOf, toolDefinition, withResultsMerged, type NormalizedRequest } from '../request-types';

/** Content as blocks: a plain string is one text block. */
const blocksOf = (content: unknown): Json[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : asArray(content).filter(isObject);

function assistantPart(block: Json): MessagePart | undefined {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' && block.text ? { type: 'text', text: block.text } : undefined;
    case 'thinking':
      return {
        type: 'thinking',
        text: str(block.thinking) ?? '',
        ...(typeof block.signature === 'string' ? { signature: block.signature } : {}),
      };
    case 'redacted_thinking':
      return typeof block.data === 'string' ? { type: 'thinking', text: '', redacted: block.data } : undefined;
    case 'tool_use': {
      const id = str(block.id);
      const name = str(block.name);
      return id && name ? { type: 'tool-call', id, name, args: block.input ?? {} } : undefined;
    }
    default:
      return undefined;
  }
}

/** A user turn: its tool results become a tool message (first: they answer the turn before), its text a user message. */
function userTurn(content: unknown, names: Map<string, string>): ChatMessage[] {
  const blocks = blocksOf(content);
  const results = blocks.flatMap((b): MessagePart[] => {
    const callId = b.type === 'tool_result' ? str(b.tool_use_id) : undefined;
    if (!callId) return [];
    const name = names.get(callId);
    return [
      {
        type: 'tool-result',
        callId,
        ...(name ? { name } : {}),
        content: contentText(b.content),
        ...(b.is_error === true ? { isError: true } : {}),
      },
    ];
  });
  const text = contentText(blocks.filter((b) => b.type === 'text'));
  return [
    ...(results.length ? [{ role: 'tool' as const, content: results }] : []),
    ...(text || results.length === 0 ? [{ role: 'user' as const, content: text }] : []),
  ];
}

/** An Anthropic Messages body (`POST /messages`) as the normalized conversation. */
export function readAnthropicRequest(body: Json): NormalizedRequest {
  const wire = asArray(body.messages).filter(isObject);
  const names = new Map<string, string>();
  for (const m of wire) for (const b of blocksOf(m.content)) if (b.type === 'tool_use') names.set(String(b.id), String(b.name));
  const system = contentText(body.system);
  const messages: ChatMessage[] = system ? [{ role: 'system', content: system }] : [];
  for (const m of wire) {
    if (m.role === 'assistant') {
      const parts = blocksOf(m.content).flatMap((b) => {
        const part = assistantPart(b);
        return part ? [part] : [];
      });
      messages.push({ role: 'assistant', content: parts });
    } else if (m.role === 'user') messages.push(...userTurn(m.content, names));
  }
  // Client tools only: a server tool (`web_search_20250305` …) has a type of its own and no schema.
  const tools = asArray(body.tools).flatMap((t) => {
    const tool = isObject(t) && (t.type === undefined || t.type === 'custom') ? t : undefined;
    const read = tool && toolDefinition(tool.name, tool.description, tool.input_schema);
    return read ? [read] : [];
  });
  const thinking = isObject(body.thinking) && body.thinking.type === 'enabled' ? num(body.thinking.budget_tokens) : undefined;
  return {
    ...(typeof body.model === 'string' ? { model: body.model } : {}),
    messages: withResultsMerged(messages),
    params: paramsOf({ maxTokens: body.max_tokens, temperature: body.temperature, thinking, tools }),
  };
}
