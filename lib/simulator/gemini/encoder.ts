import { randomId } from '@/lib/seeded-random';
import type { FinishReason, SimStep } from '../steps';
import { TokenCounter, type EncoderContext, type SimEncoder } from '../encoder-types';

export const FINISH: Record<FinishReason, string> = { stop: 'STOP', length: 'MAX_TOKENS', tool_calls: 'STOP' };
/** Gemini sends several tokens per event. */
const TOKENS_PER_EVENT = 6;

type Part = { text: string; thought?: true } | { functionCall: { name: string; args: unknown } };

/** Gemini `streamGenerateContent?alt=sse`: CRLF framing, usage on every chunk (see fixtures/wire/gemini). */
export function geminiEncoder(ctx: EncoderContext): SimEncoder {
  const tokens = new TokenCounter();
  const responseId = randomId(ctx.random, 23);
  let pending: Part[] = [];
  let pendingTokens = 0;
  const toolNames = new Map<number, string>();

  const usage = () => ({
    promptTokenCount: ctx.inputTokens,
    candidatesTokenCount: tokens.visible,
    totalTokenCount: ctx.inputTokens + tokens.total,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: ctx.inputTokens }],
    ...(tokens.thinking > 0 ? { thoughtsTokenCount: tokens.thinking } : {}),
  });

  const chunk = (finishReason?: string): string => {
    const candidate = {
      content: { parts: pending, role: 'model' },
      ...(finishReason ? { finishReason } : {}),
      index: 0,
      ...(finishReason && pending.some((p) => 'functionCall' in p) ? { finishMessage: 'Model generated function call(s).' } : {}),
    };
    pending = [];
    pendingTokens = 0;
    return `data: ${JSON.stringify({ candidates: [candidate], usageMetadata: usage(), modelVersion: ctx.model, responseId })}\r\n\r\n`;
  };

  const addText = (text: string, thought: boolean): string => {
    const last = pending.at(-1);
    // Thoughts and the answer travel in separate chunks.
    const flushed = last && !('text' in last && (last.thought === true) === thought) ? chunk() : '';
    const tail = pending.at(-1);
    if (tail && 'text' in tail) tail.text += text;
    else pending.push(thought ? { text, thought: true } : { text });
    return flushed + (++pendingTokens >= TOKENS_PER_EVENT ? chunk() : '');
  };

  return {
    open: () => '',
    encode(step: SimStep): string {
      tokens.count(step);
      switch (step.kind) {
        case 'thinking':
          return addText(step.text, true);
        case 'text':
          return addText(step.text, false);
        case 'tool-start':
          toolNames.set(step.index, step.name);
          return '';
        case 'tool-end': {
          // Gemini sends each function call whole, in its own part.
          const flushed = pending.length > 0 ? chunk() : '';
          pending.push({ functionCall: { name: toolNames.get(step.index) ?? 'tool', args: JSON.parse(step.args) as unknown } });
          return flushed;
        }
        case 'keepalive':
          return ': keep-alive\r\n\r\n';
        case 'malformed':
          return `data: {"candidates": [{"content": {"parts": [{"text": "\r\n\r\n`;
        case 'finish':
          return chunk(FINISH[step.reason]);
        case 'error': {
          const flushed = pending.length > 0 ? chunk() : '';
          // Google ends a failed stream with a bare JSON error body, not an SSE event.
          return flushed + JSON.stringify({ error: { code: 500, message: step.message, status: 'INTERNAL' } }, null, 2) + '\n';
        }
        default:
          return '';
      }
    },
  };
}
