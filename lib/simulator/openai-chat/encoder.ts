import { randomId } from '@/lib/seeded-random';
import type { SimStep } from '../steps';
import { sse, TokenCounter, type EncoderContext, type SimEncoder } from '../encoder-types';

/** OpenAI Chat Completions chunks, as api.openai.com sends them (see fixtures/wire/openai-chat). */
export function openAiChatEncoder(ctx: EncoderContext): SimEncoder {
  const id = `chatcmpl-${randomId(ctx.random, 29)}`;
  const tokens = new TokenCounter();
  /** What every chunk starts with. */
  const head = {
    id,
    object: 'chat.completion.chunk',
    created: ctx.created,
    model: ctx.model,
    service_tier: 'default',
    system_fingerprint: 'fp_sluicesim',
  };
  const chunk = (delta: object, finishReason: string | null = null): string =>
    sse({
      ...head,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(ctx.includeUsage ? { usage: null } : {}),
      obfuscation: randomId(ctx.random, 3 + Math.floor(ctx.random() * 10)),
    });

  return {
    open: () => chunk({ role: 'assistant', content: '', refusal: null }),
    encode(step: SimStep): string {
      tokens.count(step);
      switch (step.kind) {
        case 'thinking':
          return chunk({ reasoning_content: step.text });
        case 'text':
          return chunk({ content: step.text });
        case 'tool-start':
          return chunk({
            tool_calls: [
              { index: step.index, id: `call_${step.id}`, type: 'function', function: { name: step.name, arguments: '' } },
            ],
          });
        case 'tool-args':
          return chunk({ tool_calls: [{ index: step.index, function: { arguments: step.text } }] });
        case 'keepalive':
          return ': keep-alive\n\n';
        case 'malformed':
          return `data: {"id":"${id}","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"\n\n`;
        case 'finish': {
          let out = chunk({}, step.reason);
          if (ctx.includeUsage) {
            out += sse({
              ...head,
              choices: [],
              usage: {
                prompt_tokens: ctx.inputTokens,
                completion_tokens: tokens.total,
                total_tokens: ctx.inputTokens + tokens.total,
                prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
                completion_tokens_details: {
                  reasoning_tokens: tokens.thinking,
                  audio_tokens: 0,
                  accepted_prediction_tokens: 0,
                  rejected_prediction_tokens: 0,
                },
              },
              obfuscation: randomId(ctx.random, 6),
            });
          }
          return out + 'data: [DONE]\n\n';
        }
        case 'error':
          return sse({ error: { message: step.message, type: 'server_error', param: null, code: 'server_error' } });
        default:
          return '';
      }
    },
  };
}
