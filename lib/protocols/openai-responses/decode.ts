import type { SseItem } from '@/lib/sse/types';
import type { StreamDecoder } from '../decoder';
import type { StreamEvent } from '../events';
import { asArray, defined, isObject, num, parseData, str, type Json } from '../json';

/** Events that carry nothing the assembler needs (their content came in deltas). */
const QUIET = new Set([
  'response.content_part.added',
  'response.content_part.done',
  'response.output_text.done',
  'response.refusal.done',
  'response.reasoning_summary_part.done',
  'response.reasoning_summary_text.done',
  'response.reasoning_text.done',
  'response.function_call_arguments.done',
]);
const SERVER_CALL_PROGRESS =
  /^response\.(web_search_call|file_search_call|code_interpreter_call|image_generation_call|mcp_call|mcp_list_tools)[._]/;

/**
 * Calls the client runs: a function's (JSON arguments), or a custom tool's (free-form
 * `input`, as Codex's code-mode `exec` takes a script), each a tool call of the reply.
 */
const CLIENT_CALLS = new Set(['function_call', 'custom_tool_call']);

export function responsesUsage(response: Json): StreamEvent[] {
  if (!isObject(response.usage)) return [];
  const u = response.usage;
  const input = isObject(u.input_tokens_details) ? u.input_tokens_details : {};
  const output = isObject(u.output_tokens_details) ? u.output_tokens_details : {};
  return [
    {
      type: 'usage',
      usage: defined({
        inputTokens: num(u.input_tokens),
        outputTokens: num(u.output_tokens),
        reasoningTokens: num(output.reasoning_tokens),
        cachedInputTokens: num(input.cached_tokens),
        totalTokens: num(u.total_tokens),
      }),
    },
  ];
}

/** OpenAI Responses events, also without `event:` lines and with a trailing [DONE] (OpenRouter). */
export function createOpenAiResponsesDecoder(): StreamDecoder {
  const calls = new Set<string>();
  let announced = false;

  return {
    decode(item: SseItem): StreamEvent[] {
      if (item.kind === 'comment') return [{ type: 'keep-alive' }];
      if (item.kind !== 'event') return [];
      if (item.data.trim() === '[DONE]') return [{ type: 'end' }];
      const parsed = parseData(item.data);
      if (!parsed.ok) return [parsed.event];
      const data = parsed.value;
      const type = str(data.type) ?? item.event ?? 'message';
      const response = isObject(data.response) ? data.response : {};
      const itemId = str(data.item_id) ?? '';

      switch (type) {
        case 'response.created':
        case 'response.queued':
        case 'response.in_progress':
          if (announced) return [];
          announced = true;
          return [{ type: 'message-start', id: str(response.id), model: str(response.model) }];
        case 'response.output_item.added': {
          const it = isObject(data.item) ? data.item : {};
          if (!CLIENT_CALLS.has(String(it.type))) return [];
          const key = str(it.id) ?? String(data.output_index);
          calls.add(key);
          const args = str(it.arguments) ?? str(it.input);
          return [
            { type: 'tool-call-start', key, id: str(it.call_id) ?? key, name: str(it.name) ?? '' },
            ...(args ? [{ type: 'tool-call-delta' as const, key, delta: args }] : []),
          ];
        }
        case 'response.output_item.done': {
          const it = isObject(data.item) ? data.item : {};
          if (CLIENT_CALLS.has(String(it.type)) || it.type === 'message' || it.type === 'reasoning') return [];
          return [{ type: 'tool-result', id: str(it.id), name: String(it.type), content: it }];
        }
        case 'response.output_text.delta':
          return [{ type: 'text-delta', text: str(data.delta) ?? '' }];
        case 'response.refusal.delta':
          return [{ type: 'refusal-delta', text: str(data.delta) ?? '' }];
        case 'response.reasoning_summary_part.added':
          return (num(data.summary_index) ?? 0) > 0 ? [{ type: 'thinking-delta', text: '\n\n' }] : [];
        case 'response.reasoning_summary_text.delta':
        case 'response.reasoning_text.delta':
          return [{ type: 'thinking-delta', text: str(data.delta) ?? '' }];
        case 'response.function_call_arguments.delta':
        case 'response.custom_tool_call_input.delta':
          return [{ type: 'tool-call-delta', key: itemId, delta: str(data.delta) ?? '' }];
        case 'response.function_call_arguments.done':
          return [{ type: 'tool-call-end', key: itemId, args: str(data.arguments) }];
        case 'response.custom_tool_call_input.done':
          return [{ type: 'tool-call-end', key: itemId, args: str(data.input) }];
        case 'response.output_text.annotation.added':
          return [{ type: 'annotation', value: data.annotation }];
        case 'response.completed': {
          const toolCalls = asArray(response.output).some((o) => isObject(o) && CLIENT_CALLS.has(String(o.type)));
          return [
            ...responsesUsage(response),
            { type: 'finish', reason: toolCalls ? 'tool-calls' : 'stop', raw: 'completed' },
            { type: 'end' },
          ];
        }
        case 'response.incomplete': {
          const reason = isObject(response.incomplete_details) ? str(response.incomplete_details.reason) : undefined;
          return [
            ...responsesUsage(response),
            {
              type: 'finish',
              reason: reason === 'max_output_tokens' ? 'length' : reason === 'content_filter' ? 'content-filter' : 'other',
              raw: reason ?? 'incomplete',
            },
            { type: 'end' },
          ];
        }
        case 'response.failed': {
          const error = isObject(response.error) ? response.error : {};
          return [
            ...responsesUsage(response),
            { type: 'error', message: str(error.message) ?? 'The response failed.', code: str(error.code) },
            { type: 'end' },
          ];
        }
        case 'error': {
          const error = isObject(data.error) ? data.error : data;
          return [{ type: 'error', message: str(error.message) ?? item.data, code: str(error.code) ?? str(error.type) }];
        }
        default:
          if (QUIET.has(type) || SERVER_CALL_PROGRESS.test(type)) return [];
          return [{ type: 'unknown', name: type, data: item.data }];
      }
    },
  };
}
