import { randomId } from '@/lib/seeded-random';
import type { FinishReason, SimStep } from '../steps';
import { TokenCounter, type EncoderContext, type SimEncoder } from '../encoder-types';

export const STOP_REASONS: Record<FinishReason, string> = { stop: 'end_turn', length: 'max_tokens', tool_calls: 'tool_use' };

/** Anthropic Messages events, padded the way the real API pads them (see fixtures/wire/anthropic-messages). */
export function anthropicEncoder(ctx: EncoderContext): SimEncoder {
  const tokens = new TokenCounter();
  let index = -1;
  let open: 'thinking' | 'text' | 'tool_use' | null = null;
  let pinged = false;

  // Anthropic pads many payloads with spaces before the closing brace.
  const event = (name: string, data: object): string => {
    const json = JSON.stringify(data);
    const pad = ctx.random() < 0.6 ? ' '.repeat(1 + Math.floor(ctx.random() * 14)) : '';
    return `event: ${name}\ndata: ${json.slice(0, -1)}${pad}}\n\n`;
  };
  const ping = 'event: ping\ndata: {"type": "ping"}\n\n';

  const closeBlock = (): string => {
    if (open === null) return '';
    let out = '';
    if (open === 'thinking') {
      out += event('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'signature_delta', signature: randomId(ctx.random, 120) + '==' },
      });
    }
    open = null;
    return out + event('content_block_stop', { type: 'content_block_stop', index });
  };
  const openBlock = (kind: 'thinking' | 'text' | 'tool_use', block: object): string => {
    let out = closeBlock();
    index++;
    open = kind;
    out += event('content_block_start', { type: 'content_block_start', index, content_block: block });
    if (!pinged) {
      pinged = true;
      out += ping;
    }
    return out;
  };

  return {
    open: () =>
      event('message_start', {
        type: 'message_start',
        message: {
          model: ctx.model,
          id: `msg_01${randomId(ctx.random, 22)}`,
          type: 'message',
          role: 'assistant',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: ctx.inputTokens,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
            output_tokens: 1,
            service_tier: 'standard',
          },
        },
      }),
    encode(step: SimStep): string {
      tokens.count(step);
      switch (step.kind) {
        case 'thinking': {
          const start = open === 'thinking' ? '' : openBlock('thinking', { type: 'thinking', thinking: '', signature: '' });
          return (
            start +
            event('content_block_delta', {
              type: 'content_block_delta',
              index,
              delta: { type: 'thinking_delta', thinking: step.text },
            })
          );
        }
        case 'text': {
          const start = open === 'text' ? '' : openBlock('text', { type: 'text', text: '' });
          return (
            start +
            event('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: step.text } })
          );
        }
        case 'tool-start':
          return openBlock('tool_use', { type: 'tool_use', id: `toolu_01${step.id}`, name: step.name, input: {} });
        case 'tool-args':
          return event('content_block_delta', {
            type: 'content_block_delta',
            index,
            delta: { type: 'input_json_delta', partial_json: step.text },
          });
        case 'tool-end':
          return closeBlock();
        case 'keepalive':
          return ping;
        case 'malformed':
          return `event: content_block_delta\ndata: {"type":"content_block_delta","index":${Math.max(index, 0)},"delta":{"type":"text_delta","text":"\n\n`;
        case 'finish':
          return (
            closeBlock() +
            event('message_delta', {
              type: 'message_delta',
              delta: { stop_reason: STOP_REASONS[step.reason], stop_sequence: null },
              usage: {
                input_tokens: ctx.inputTokens,
                cache_creation_input_tokens: 0,
                cache_read_input_tokens: 0,
                output_tokens: tokens.total,
              },
            }) +
            event('message_stop', { type: 'message_stop' })
          );
        case 'error':
          return event('error', { type: 'error', error: { details: null, type: 'overloaded_error', message: step.message } });
        default:
          return '';
      }
    },
  };
}
