import { asArray, isObject, str, type Json } from '@/lib/protocols/json';
import { contentText } from '@/lib/protocols/openai-chat/read-request';
import { canonicalJson } from '../canonical';
import { laid, resultPiece, type LaidMessage, type PromptLayout } from './types';

/**
 * An OpenAI Responses body laid out: `tools`, the system prompt (`instructions` and the
 * leading system or developer items, as Codex sends its own), then each `input` item: a
 * message, a call, a call's output, a reasoning item.
 */
const SYSTEM = new Set(['system', 'developer']);
const isSystem = (item: unknown) => isObject(item) && (item.type ?? 'message') === 'message' && SYSTEM.has(String(item.role));

export function layoutOpenAiResponses(body: Json): PromptLayout {
  const items = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : asArray(body.input);
  const lead = items.findIndex((item) => !isSystem(item));
  const leading = items.slice(0, lead === -1 ? items.length : lead) as Json[];
  const instructions = str(body.instructions);
  const system = [...(instructions ? [instructions] : []), ...leading];
  const names = new Map<string, string>();
  for (const item of items.filter(isObject))
    if (str(item.call_id) && str(item.name)) names.set(String(item.call_id), String(item.name));
  const texts = [...(instructions ? [instructions] : []), ...leading.map((m) => contentText(m.content))];
  return {
    ...(typeof body.model === 'string' ? { model: body.model } : {}),
    tools: asArray(body.tools).map((t) => ({ name: (isObject(t) && (str(t.name) ?? str(t.type))) || 'tool', wire: t })),
    ...(system.length ? { system: { wire: system, text: texts.join('\n\n') } } : {}),
    messages: items.slice(leading.length).map((item) => message(item, names)),
  };
}

function message(item: unknown, names: Map<string, string>): LaidMessage {
  if (!isObject(item)) return laid('message', item, []);
  const type = str(item.type) ?? 'message';
  const name = str(item.name) ?? 'a tool';
  const id = str(item.call_id);
  switch (type) {
    case 'message': {
      const role = str(item.role) ?? 'message';
      return laid(SYSTEM.has(role) ? 'system' : role, item, [
        { part: SYSTEM.has(role) ? 'system' : 'conversation', text: contentText(item.content) },
      ]);
    }
    case 'function_call':
    case 'custom_tool_call':
      return laid(
        'assistant',
        item,
        [{ part: 'conversation', text: `${name} ${str(item.arguments) ?? str(item.input) ?? ''}` }],
        [name],
      );
    case 'additional_tools': {
      // Codex (0.171) sends its tool definitions as an input item, not in `tools`.
      const tools = asArray(item.tools);
      return laid(`tool definitions: ${toolCount(tools)}`, item, [{ part: 'tools', text: canonicalJson(tools) }]);
    }
    case 'reasoning': {
      const summary = asArray(item.summary).map((s) => (isObject(s) ? (str(s.text) ?? '') : ''));
      const content = asArray(item.content).map((s) => (isObject(s) ? (str(s.text) ?? '') : ''));
      return laid('reasoning', item, [{ part: 'thinking', text: [...summary, ...content].join('\n\n') }]);
    }
    default: {
      if (type.endsWith('_output')) {
        const tool = (id && names.get(id)) || (type.startsWith('local_shell') ? 'local_shell' : undefined);
        const output =
          typeof item.output === 'string' ? item.output : contentText(item.output) || canonicalJson(item.output ?? '');
        return laid('tool', item, [resultPiece(output, tool, id)], [], [tool ?? 'a tool']);
      }
      // A server tool's call (web_search_call …), a shell call, a reference: as sent.
      return laid(
        'assistant',
        item,
        [{ part: 'conversation', text: canonicalJson(item) }],
        type.endsWith('_call') ? [type.replace(/_call$/, '')] : [],
      );
    }
  }
}

/** Tools counted through namespaces (`{"type": "namespace", "tools": […]}`), as Codex groups them. */
function toolCount(tools: unknown[]): number {
  return tools.reduce<number>((n, t) => n + (isObject(t) && t.type === 'namespace' ? toolCount(asArray(t.tools)) : 1), 0);
}
