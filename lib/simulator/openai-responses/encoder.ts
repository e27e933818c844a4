import { randomId } from '@/lib/seeded-random';
import type { SimStep } from '../steps';
import { TokenCounter, type EncoderContext, type SimEncoder } from '../encoder-types';

type Item =
  | { type: 'reasoning'; id: string; text: string }
  | { type: 'message'; id: string; text: string }
  | { type: 'function_call'; id: string; callId: string; name: string; args: string };

/** OpenAI Responses events with sequence numbers (see fixtures/wire/openai-responses). */
export function openAiResponsesEncoder(ctx: EncoderContext): SimEncoder {
  const tokens = new TokenCounter();
  const responseId = `resp_${randomId(ctx.random, 48, '0123456789abcdef')}`;
  const itemId = (prefix: string) => `${prefix}_${randomId(ctx.random, 48, '0123456789abcdef')}`;
  let sequence = 0;
  const done: object[] = [];
  let current: Item | null = null;
  let outputIndex = -1;
  const fcItems = new Map<number, Item & { type: 'function_call' }>();

  const event = (type: string, data: object): string =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data, sequence_number: sequence++ })}\n\n`;

  const response = (status: string, extra: object = {}) => ({
    id: responseId,
    object: 'response',
    created_at: ctx.created,
    status,
    background: false,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model: ctx.model,
    output: [] as object[],
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: 1.0,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: 1.0,
    truncation: 'disabled',
    usage: null as object | null,
    user: null,
    metadata: {},
    ...extra,
  });

  const finalItem = (item: Item): object => {
    switch (item.type) {
      case 'reasoning':
        return { id: item.id, type: 'reasoning', summary: [{ type: 'summary_text', text: item.text }] };
      case 'message':
        return {
          id: item.id,
          type: 'message',
          status: 'completed',
          content: [{ type: 'output_text', annotations: [], logprobs: [], text: item.text }],
          role: 'assistant',
        };
      case 'function_call':
        return {
          id: item.id,
          type: 'function_call',
          status: 'completed',
          arguments: item.args,
          call_id: item.callId,
          name: item.name,
        };
    }
  };

  const closeItem = (): string => {
    const item = current;
    if (item === null) return '';
    current = null;
    const base = { item_id: item.id, output_index: outputIndex };
    let out = '';
    if (item.type === 'reasoning') {
      out += event('response.reasoning_summary_text.done', { ...base, summary_index: 0, text: item.text });
      out += event('response.reasoning_summary_part.done', {
        ...base,
        summary_index: 0,
        part: { type: 'summary_text', text: item.text },
      });
    } else if (item.type === 'message') {
      out += event('response.output_text.done', { content_index: 0, ...base, logprobs: [], text: item.text });
      out += event('response.content_part.done', {
        content_index: 0,
        ...base,
        part: { type: 'output_text', annotations: [], logprobs: [], text: item.text },
      });
    } else {
      out += event('response.function_call_arguments.done', { ...base, arguments: item.args });
    }
    const final = finalItem(item);
    done.push(final);
    return out + event('response.output_item.done', { item: final, output_index: outputIndex });
  };

  const openItem = (item: Item): string => {
    let out = closeItem();
    current = item;
    outputIndex++;
    const base = { item_id: item.id, output_index: outputIndex };
    if (item.type === 'reasoning') {
      out += event('response.output_item.added', {
        item: { id: item.id, type: 'reasoning', summary: [] },
        output_index: outputIndex,
      });
      out += event('response.reasoning_summary_part.added', {
        ...base,
        summary_index: 0,
        part: { type: 'summary_text', text: '' },
      });
    } else if (item.type === 'message') {
      out += event('response.output_item.added', {
        item: { id: item.id, type: 'message', status: 'in_progress', content: [], role: 'assistant' },
        output_index: outputIndex,
      });
      out += event('response.content_part.added', {
        content_index: 0,
        ...base,
        part: { type: 'output_text', annotations: [], logprobs: [], text: '' },
      });
    } else {
      out += event('response.output_item.added', {
        item: { id: item.id, type: 'function_call', status: 'in_progress', arguments: '', call_id: item.callId, name: item.name },
        output_index: outputIndex,
      });
    }
    return out;
  };

  const usage = () => ({
    input_tokens: ctx.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: tokens.total,
    output_tokens_details: { reasoning_tokens: tokens.thinking },
    total_tokens: ctx.inputTokens + tokens.total,
  });

  return {
    open: () =>
      event('response.created', { response: response('in_progress') }) +
      event('response.in_progress', { response: response('in_progress') }),
    encode(step: SimStep): string {
      tokens.count(step);
      switch (step.kind) {
        case 'thinking': {
          const start = current?.type === 'reasoning' ? '' : openItem({ type: 'reasoning', id: itemId('rs'), text: '' });
          const item = current as Item & { type: 'reasoning' };
          item.text += step.text;
          return (
            start +
            event('response.reasoning_summary_text.delta', {
              item_id: item.id,
              output_index: outputIndex,
              summary_index: 0,
              delta: step.text,
              obfuscation: randomId(ctx.random, 8),
            })
          );
        }
        case 'text': {
          const start = current?.type === 'message' ? '' : openItem({ type: 'message', id: itemId('msg'), text: '' });
          const item = current as Item & { type: 'message' };
          item.text += step.text;
          return (
            start +
            event('response.output_text.delta', {
              content_index: 0,
              delta: step.text,
              item_id: item.id,
              logprobs: [],
              obfuscation: randomId(ctx.random, 8),
              output_index: outputIndex,
            })
          );
        }
        case 'tool-start': {
          const item = { type: 'function_call' as const, id: itemId('fc'), callId: `call_${step.id}`, name: step.name, args: '' };
          fcItems.set(step.index, item);
          return openItem(item);
        }
        case 'tool-args': {
          const item = fcItems.get(step.index)!;
          item.args += step.text;
          return event('response.function_call_arguments.delta', {
            delta: step.text,
            item_id: item.id,
            obfuscation: randomId(ctx.random, 8),
            output_index: outputIndex,
          });
        }
        case 'tool-end':
          return closeItem();
        case 'keepalive':
          return ': keep-alive\n\n';
        case 'malformed':
          return `event: response.output_text.delta\ndata: {"type":"response.output_text.delta","content_index":0,"delta":"\n\n`;
        case 'finish': {
          const out = closeItem();
          if (step.reason === 'length') {
            return (
              out +
              event('response.incomplete', {
                response: response('incomplete', {
                  incomplete_details: { reason: 'max_output_tokens' },
                  output: done,
                  usage: usage(),
                }),
              })
            );
          }
          return out + event('response.completed', { response: response('completed', { output: done, usage: usage() }) });
        }
        case 'error': {
          const error = { code: 'server_error', message: step.message };
          return (
            event('error', { error: { type: 'server_error', ...error, param: null } }) +
            event('response.failed', { response: response('failed', { error, output: done }) })
          );
        }
        default:
          return '';
      }
    },
  };
}
