import { asArray, isObject, str, type Json } from '@/lib/protocols/json';
import { contentText } from '@/lib/protocols/openai-chat/read-request';
import { laid, resultPiece, type LaidMessage, type PromptLayout, type PromptPiece } from './types';

/**
 * A Chat Completions body laid out: `tools`, then `messages`, whose leading system
 * (developer) messages are the system prompt; a later one is a message of its own.
 */
const SYSTEM = new Set(['system', 'developer']);

export function layoutOpenAiChat(body: Json): PromptLayout {
  const wire = asArray(body.messages);
  const lead = wire.findIndex((m) => !(isObject(m) && SYSTEM.has(String(m.role))));
  const system = wire.slice(0, lead === -1 ? wire.length : lead) as Json[];
  const names = new Map<string, string>();
  for (const m of wire.filter(isObject))
    for (const call of asArray(m.tool_calls))
      if (isObject(call) && isObject(call.function)) names.set(String(call.id), String(call.function.name));
  return {
    ...(typeof body.model === 'string' ? { model: body.model } : {}),
    tools: asArray(body.tools).map((t) => ({ name: toolName(t), wire: t })),
    ...(system.length ? { system: { wire: system, text: system.map((m) => contentText(m.content)).join('\n\n') } } : {}),
    messages: wire.slice(system.length).map((m) => message(m, names)),
  };
}

function toolName(tool: unknown): string {
  if (!isObject(tool)) return 'tool';
  return (
    (isObject(tool.function) && str(tool.function.name)) ||
    (isObject(tool.custom) && str(tool.custom.name)) ||
    str(tool.type) ||
    'tool'
  );
}

function message(m: unknown, names: Map<string, string>): LaidMessage {
  if (!isObject(m)) return laid('message', m, []);
  const role = str(m.role) ?? 'message';
  const text = contentText(m.content);
  if (SYSTEM.has(role)) return laid('system', m, [{ part: 'system', text }]);
  if (role === 'tool' || role === 'function') {
    const id = str(m.tool_call_id);
    const name = (id && names.get(id)) || str(m.name);
    return laid(role, m, [resultPiece(text, name, id)], [], [name ?? 'a tool']);
  }
  const pieces: PromptPiece[] = [];
  const reasoning = str(m.reasoning_content) ?? str(m.reasoning);
  if (reasoning) pieces.push({ part: 'thinking', text: reasoning });
  if (text) pieces.push({ part: 'conversation', text });
  if (str(m.refusal)) pieces.push({ part: 'conversation', text: String(m.refusal) });
  const calls: string[] = [];
  for (const call of asArray(m.tool_calls)) {
    const fn =
      isObject(call) && isObject(call.function) ? call.function : isObject(call) && isObject(call.custom) ? call.custom : {};
    const name = str(fn.name) ?? 'a tool';
    calls.push(name);
    pieces.push({ part: 'conversation', text: `${name} ${str(fn.arguments) ?? str(fn.input) ?? ''}` });
  }
  return laid(role, m, pieces, calls);
}
