import type { SseItem } from '@/lib/sse/types';
import type { StreamDecoder } from '../decoder';
import type { FinishReason, StreamEvent } from '../events';
import { defined, isObject, num, parseData, str, type Json } from '../json';

const FINISH: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  tool_use: 'tool-calls',
  refusal: 'content-filter',
  pause_turn: 'other',
};
const TOOL_USE = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);

/**
 * Anthropic's input_tokens leaves out cache reads and writes; Usage.inputTokens counts every input token, as the other protocols do.
 * `cache_creation` splits the writes by lifetime (1-hour ones cost more): kept only when it splits some, so a
 * usage without writes stays as it was (and says no more about its provider than it did).
 */
export function anthropicUsage(value: Json): StreamEvent {
  const read = num(value.cache_read_input_tokens);
  const written = num(value.cache_creation_input_tokens);
  const input = num(value.input_tokens);
  const inputTokens = input === undefined ? undefined : input + (read ?? 0) + (written ?? 0);
  const split = isObject(value.cache_creation) ? value.cache_creation : {};
  const w5m = num(split.ephemeral_5m_input_tokens);
  const w1h = num(split.ephemeral_1h_input_tokens);
  const splits = (w5m ?? 0) + (w1h ?? 0) > 0;
  return {
    type: 'usage',
    usage: defined({
      inputTokens,
      outputTokens: num(value.output_tokens),
      cachedInputTokens: read,
      cacheWriteTokens: written,
      cacheWrite5mTokens: splits ? w5m : undefined,
      cacheWrite1hTokens: splits ? w1h : undefined,
    }),
  };
}

/** Anthropic Messages events, server tools and all. */
export function createAnthropicDecoder(): StreamDecoder {
  const toolBlocks = new Set<number>();

  function blockStart(index: number, block: Json): StreamEvent[] {
    const type = str(block.type) ?? '';
    if (type === 'text') return block.text ? [{ type: 'text-delta', text: String(block.text) }] : [];
    if (type === 'thinking') {
      // A block can arrive whole (in message_start, or a gateway's content_block_start): its signature with it.
      const text: StreamEvent[] = block.thinking ? [{ type: 'thinking-delta', text: String(block.thinking) }] : [];
      return str(block.signature) ? [...text, { type: 'thinking-signature', signature: String(block.signature) }] : text;
    }
    if (type === 'redacted_thinking') return [{ type: 'thinking-redacted', data: str(block.data) ?? '' }];
    if (TOOL_USE.has(type)) {
      toolBlocks.add(index);
      const input = isObject(block.input) && Object.keys(block.input).length > 0 ? JSON.stringify(block.input) : '';
      return [
        {
          type: 'tool-call-start',
          key: String(index),
          id: str(block.id) ?? '',
          name: str(block.name) ?? '',
          server: type !== 'tool_use' || undefined,
        },
        ...(input ? [{ type: 'tool-call-delta' as const, key: String(index), delta: input }] : []),
      ];
    }
    if (type.endsWith('_tool_result'))
      return [{ type: 'tool-result', id: str(block.tool_use_id), name: type, content: block.content }];
    return [{ type: 'unknown', name: `content_block_start:${type}`, data: JSON.stringify(block) }];
  }

  function blockDelta(index: number, delta: Json): StreamEvent[] {
    switch (delta.type) {
      case 'text_delta':
        return [{ type: 'text-delta', text: str(delta.text) ?? '' }];
      case 'thinking_delta':
        return [{ type: 'thinking-delta', text: str(delta.thinking) ?? '' }];
      case 'signature_delta':
        return [{ type: 'thinking-signature', signature: str(delta.signature) ?? '' }];
      case 'input_json_delta':
        return delta.partial_json ? [{ type: 'tool-call-delta', key: String(index), delta: String(delta.partial_json) }] : [];
      case 'citations_delta':
        return [{ type: 'annotation', value: delta.citation }];
      default:
        return [{ type: 'unknown', name: `content_block_delta:${String(delta.type)}`, data: JSON.stringify(delta) }];
    }
  }

  return {
    decode(item: SseItem): StreamEvent[] {
      if (item.kind === 'comment') return [{ type: 'keep-alive' }];
      if (item.kind !== 'event') return [];
      const parsed = parseData(item.data);
      if (!parsed.ok) return [parsed.event];
      const data = parsed.value;
      const index = num(data.index) ?? 0;
      switch (data.type ?? item.event) {
        case 'message_start': {
          // Usually empty, but a message can arrive whole here (content, stop_reason and all), as the SDK's accumulator allows.
          const message = isObject(data.message) ? data.message : {};
          const content = Array.isArray(message.content) ? message.content.filter(isObject) : [];
          const stop = str(message.stop_reason);
          return [
            { type: 'message-start', id: str(message.id), model: str(message.model) },
            ...(isObject(message.usage) ? [anthropicUsage(message.usage)] : []),
            ...content.flatMap((block, i) => [
              ...blockStart(i, block),
              ...(toolBlocks.has(i) ? [{ type: 'tool-call-end' as const, key: String(i) }] : []),
            ]),
            ...(stop ? [{ type: 'finish' as const, reason: FINISH[stop] ?? 'other', raw: stop }] : []),
          ];
        }
        case 'content_block_start':
          return blockStart(index, isObject(data.content_block) ? data.content_block : {});
        case 'content_block_delta':
          return blockDelta(index, isObject(data.delta) ? data.delta : {});
        case 'content_block_stop':
          return toolBlocks.has(index) ? [{ type: 'tool-call-end', key: String(index) }] : [];
        case 'message_delta': {
          const delta = isObject(data.delta) ? data.delta : {};
          const stop = str(delta.stop_reason);
          return [
            ...(isObject(data.usage) ? [anthropicUsage(data.usage)] : []),
            ...(stop ? [{ type: 'finish' as const, reason: FINISH[stop] ?? 'other', raw: stop }] : []),
          ];
        }
        case 'message_stop':
          return [{ type: 'end' }];
        case 'ping':
          return [{ type: 'keep-alive' }];
        case 'error': {
          const error = isObject(data.error) ? data.error : {};
          return [{ type: 'error', message: str(error.message) ?? JSON.stringify(data), code: str(error.type) }];
        }
        default:
          return [{ type: 'unknown', name: String(data.type ?? item.event ?? 'message'), data: item.data }];
      }
    },
  };
}
