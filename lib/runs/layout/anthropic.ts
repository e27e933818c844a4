import { asArray, isObject, str, type Json } from '@/lib/protocols/json';
import { contentText } from '@/lib/protocols/openai-chat/read-request';
import { canonicalJson } from '../canonical';
import { laid, resultPiece, type LaidMessage, type PromptLayout, type PromptPiece } from './types';

/**
 * An Anthropic Messages body laid out: `tools`, `system`, `messages`, the order its
 * prompt cache reads them in. A string content is the one text block it stands for
 * (Claude sees the same), so writing it one way then the other is no change.
 */
const blocks = (content: unknown): unknown[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : asArray(content);

export function layoutAnthropic(body: Json): PromptLayout {
  const names = new Map<string, string>();
  for (const m of asArray(body.messages).filter(isObject))
    for (const b of blocks(m.content)) if (isObject(b) && str(b.id) && str(b.name)) names.set(String(b.id), String(b.name));
  const system = body.system === undefined ? undefined : blocks(body.system);
  return {
    ...(typeof body.model === 'string' ? { model: body.model } : {}),
    tools: asArray(body.tools).map((t) => ({ name: (isObject(t) && (str(t.name) ?? str(t.type))) || 'tool', wire: t })),
    ...(system && system.length ? { system: { wire: system, text: system.map((b) => contentText([b])).join('\n\n') } } : {}),
    messages: asArray(body.messages).map((m) => message(m, names)),
  };
}

function message(m: unknown, names: Map<string, string>): LaidMessage {
  const wire = isObject(m) ? { ...m, content: blocks(m.content) } : m;
  const role = (isObject(m) && str(m.role)) || 'message';
  const pieces: PromptPiece[] = [];
  const calls: string[] = [];
  const results: string[] = [];
  for (const b of isObject(wire) ? asArray(wire.content) : []) {
    if (!isObject(b)) continue;
    switch (b.type) {
      case 'text':
        pieces.push({ part: 'conversation', text: str(b.text) ?? '' });
        break;
      case 'thinking':
        pieces.push({ part: 'thinking', text: str(b.thinking) ?? '' });
        break;
      case 'redacted_thinking': // opaque: no text to count
      case 'image':
      case 'document':
        break;
      case 'tool_use':
      case 'server_tool_use':
      case 'mcp_tool_use':
        calls.push(str(b.name) ?? 'a tool');
        pieces.push({ part: 'conversation', text: `${str(b.name) ?? ''} ${canonicalJson(b.input ?? {})}` });
        break;
      case 'tool_result': {
        const id = str(b.tool_use_id);
        const name = id ? names.get(id) : undefined;
        results.push(name ?? 'a tool');
        pieces.push(resultPiece(contentText(b.content), name, id));
        break;
      }
      default:
        // A server tool's result (web_search_tool_result …), or a block this reader does not know: as sent.
        if (String(b.type).endsWith('_tool_result')) {
          const id = str(b.tool_use_id);
          pieces.push(resultPiece(canonicalJson(b.content), id ? names.get(id) : undefined, id));
        } else pieces.push({ part: 'conversation', text: canonicalJson(b) });
    }
  }
  return laid(role, wire, pieces, calls, results);
}
