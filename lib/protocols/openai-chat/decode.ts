import type { SseItem } from '@/lib/sse/types';
import type { StreamDecoder } from '../decoder';
import type { FinishReason, StreamEvent } from '../events';
import { asArray, defined, isObject, num, parseData, str, type Json } from '../json';

/** By lowercased reason: gateways pass other protocols' reasons through (Portkey: Gemini's `STOP`, `MAX_TOKENS`). */
const FINISH: Record<string, FinishReason> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  content_filter: 'content-filter',
  error: 'error',
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  tool_use: 'tool-calls',
  safety: 'content-filter',
  recitation: 'content-filter',
};

export function chatUsage(usage: Json): StreamEvent {
  const completion = isObject(usage.completion_tokens_details) ? usage.completion_tokens_details : {};
  const prompt = isObject(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  return {
    type: 'usage',
    usage: defined({
      inputTokens: num(usage.prompt_tokens),
      outputTokens: num(usage.completion_tokens),
      reasoningTokens: num(completion.reasoning_tokens),
      cachedInputTokens: num(prompt.cached_tokens) ?? num(usage.prompt_cache_hit_tokens),
      totalTokens: num(usage.total_tokens),
    }),
  };
}

/** Chat Completions chunks, and the quirks of the gateways that speak them. */
export function createOpenAiChatDecoder(): StreamDecoder {
  const started = new Set<string>();
  let announced = false;

  function content(value: unknown, choice: number, out: StreamEvent[]): void {
    if (typeof value === 'string') {
      if (value !== '') out.push({ type: 'text-delta', text: value, choice });
      return;
    }
    // Mistral's magistral sends content as an array of typed parts.
    for (const part of asArray(value)) {
      if (!isObject(part)) continue;
      if (part.type === 'text' && typeof part.text === 'string') out.push({ type: 'text-delta', text: part.text, choice });
      if (part.type === 'thinking') {
        for (const t of asArray(part.thinking))
          if (isObject(t) && typeof t.text === 'string') out.push({ type: 'thinking-delta', text: t.text });
      }
    }
  }

  function reasoning(delta: Json, out: StreamEvent[]): void {
    const text = str(delta.reasoning_content) ?? str(delta.reasoning);
    if (text) {
      out.push({ type: 'thinking-delta', text });
      return;
    }
    // OpenRouter may send only reasoning_details.
    for (const detail of asArray(delta.reasoning_details)) {
      if (isObject(detail) && typeof detail.text === 'string' && detail.text !== '')
        out.push({ type: 'thinking-delta', text: detail.text });
    }
    contentBlocks(delta.content_blocks, out);
  }

  /**
   * Portkey's extension, translating an Anthropic upstream: each Anthropic block
   * delta (or block start) rides along as `content_blocks[].delta`. Thinking, its
   * signature and redacted thinking exist only there; text is in `content` too.
   */
  function contentBlocks(blocks: unknown, out: StreamEvent[]): void {
    for (const block of asArray(blocks)) {
      const delta = isObject(block) && isObject(block.delta) ? block.delta : undefined;
      if (!delta) continue;
      if (typeof delta.thinking === 'string' && delta.thinking !== '') out.push({ type: 'thinking-delta', text: delta.thinking });
      if (typeof delta.signature === 'string' && delta.signature !== '')
        out.push({ type: 'thinking-signature', signature: delta.signature });
      if (typeof delta.data === 'string' && delta.data !== '') out.push({ type: 'thinking-redacted', data: delta.data });
    }
  }

  function toolCalls(calls: unknown, choice: number, out: StreamEvent[]): void {
    for (const call of asArray(calls)) {
      if (!isObject(call)) continue;
      const key = `${choice}:${num(call.index) ?? 0}`;
      const fn = isObject(call.function) ? call.function : {};
      if (!started.has(key)) {
        started.add(key);
        out.push({ type: 'tool-call-start', key, id: str(call.id) ?? '', name: str(fn.name) ?? '', choice });
      }
      const args = str(fn.arguments);
      if (args) out.push({ type: 'tool-call-delta', key, delta: args });
    }
  }

  return {
    decode(item: SseItem): StreamEvent[] {
      if (item.kind === 'comment') return [{ type: 'keep-alive' }];
      if (item.kind !== 'event') return [];
      if (item.data.trim() === '[DONE]') return [{ type: 'end' }];
      if (item.event === 'ping') return [{ type: 'keep-alive' }];
      const parsed = parseData(item.data);
      if (!parsed.ok) return [parsed.event];
      const chunk = parsed.value;
      const out: StreamEvent[] = [];
      if (chunk.error !== undefined && chunk.error !== null) {
        const error = isObject(chunk.error) ? chunk.error : { message: String(chunk.error) };
        out.push({
          type: 'error',
          message: str(error.message) ?? JSON.stringify(error),
          code: error.code === undefined ? str(error.type) : String(error.code),
        });
      }
      if (!announced && (str(chunk.id) || str(chunk.model))) {
        announced = true;
        out.push({ type: 'message-start', id: str(chunk.id) || undefined, model: str(chunk.model) || undefined });
      }
      for (const c of asArray(chunk.choices)) {
        if (!isObject(c)) continue;
        const choice = num(c.index) ?? 0;
        const delta = isObject(c.delta) ? c.delta : {};
        reasoning(delta, out);
        content(delta.content, choice, out);
        if (typeof delta.refusal === 'string' && delta.refusal !== '') out.push({ type: 'refusal-delta', text: delta.refusal });
        toolCalls(delta.tool_calls, choice, out);
        const finish = str(c.finish_reason);
        if (finish) {
          // A gateway may carry an upstream's mid-stream error as the finish reason (Portkey: "overloaded_error").
          const failed = finish === 'error' || finish.endsWith('_error');
          if (failed && choice === 0)
            out.push({ type: 'error', message: `The stream ended with the finish reason "${finish}".`, code: finish });
          out.push({ type: 'finish', reason: FINISH[finish.toLowerCase()] ?? (failed ? 'error' : 'other'), raw: finish, choice });
        }
      }
      if (isObject(chunk.usage)) out.push(chatUsage(chunk.usage));
      // Perplexity ends with a chunk of this object type instead of [DONE].
      if (chunk.object === 'chat.completion.done') out.push({ type: 'end' });
      return out;
    },
  };
}
