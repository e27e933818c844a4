import type { SseItem } from '@/lib/sse/types';
import type { StreamDecoder } from '../decoder';
import type { FinishReason, StreamEvent } from '../events';
import { asArray, defined, isObject, num, parseData, str, type Json } from '../json';
import { setAtPath } from './partial-args';

const FINISH: Record<string, FinishReason> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content-filter',
  RECITATION: 'content-filter',
  BLOCKLIST: 'content-filter',
  PROHIBITED_CONTENT: 'content-filter',
  SPII: 'content-filter',
  IMAGE_SAFETY: 'content-filter',
  MALFORMED_FUNCTION_CALL: 'error',
};

export function geminiUsage(meta: Json): StreamEvent {
  const candidates = num(meta.candidatesTokenCount);
  const thoughts = num(meta.thoughtsTokenCount);
  return {
    type: 'usage',
    usage: defined({
      inputTokens: num(meta.promptTokenCount),
      outputTokens: candidates === undefined && thoughts === undefined ? undefined : (candidates ?? 0) + (thoughts ?? 0),
      reasoningTokens: thoughts,
      cachedInputTokens: num(meta.cachedContentTokenCount),
      totalTokens: num(meta.totalTokenCount),
    }),
  };
}

function errorOf(value: Json): StreamEvent {
  const error = isObject(value.error) ? value.error : {};
  return {
    type: 'error',
    message: str(error.message) ?? JSON.stringify(value),
    code: str(error.status) ?? (error.code === undefined ? undefined : String(error.code)),
  };
}

/** Gemini `streamGenerateContent?alt=sse` chunks, including Vertex's streamed function arguments. */
export function createGeminiDecoder(): StreamDecoder {
  let calls = 0;
  let announced = false;
  /** A function call whose arguments Vertex is streaming as partialArgs. */
  let streaming: { key: string; args: Record<string, unknown> } | undefined;

  /** Ends the call whose arguments were streaming, with the value its paths built. */
  function finishStreaming(out: StreamEvent[]): void {
    if (!streaming) return;
    out.push({ type: 'tool-call-delta', key: streaming.key, delta: JSON.stringify(streaming.args) });
    out.push({ type: 'tool-call-end', key: streaming.key });
    streaming = undefined;
  }

  function functionCall(call: Json, out: StreamEvent[]): void {
    // A new call begins while another's arguments were still streaming: that one is over.
    if (streaming && call.name) finishStreaming(out);
    if (call.args !== undefined || (!streaming && !call.willContinue && call.name)) {
      const key = `call-${calls++}`;
      out.push({ type: 'tool-call-start', key, id: str(call.id) ?? key, name: str(call.name) ?? '' });
      out.push({ type: 'tool-call-delta', key, delta: JSON.stringify(call.args ?? {}) });
      out.push({ type: 'tool-call-end', key });
      return;
    }
    if (call.name && !streaming) {
      streaming = { key: `call-${calls++}`, args: {} };
      out.push({ type: 'tool-call-start', key: streaming.key, id: str(call.id) ?? streaming.key, name: String(call.name) });
    }
    for (const partial of asArray(call.partialArgs)) {
      if (!isObject(partial) || !streaming) continue;
      const value =
        partial.stringValue ?? partial.numberValue ?? partial.boolValue ?? (partial.nullValue !== undefined ? null : undefined);
      setAtPath(streaming.args, str(partial.jsonPath) ?? '', value);
    }
    if (streaming && Object.keys(call).length === 0) finishStreaming(out);
  }

  return {
    // The stream ended while a call's arguments were streaming (no closing part came): they are what the paths built.
    end(): StreamEvent[] {
      const out: StreamEvent[] = [];
      finishStreaming(out);
      return out;
    },
    decode(item: SseItem): StreamEvent[] {
      if (item.kind === 'comment') return [{ type: 'keep-alive' }];
      if (item.kind === 'leftover') {
        // A comment line after it (the BFF's end marker) stays in the leftover's text, where it came: it is no part of it.
        const lines = item.raw.split(/\r\n|\r|\n/).filter((line) => !line.startsWith(':'));
        // Google may end the last event without its blank line (its own SDK reads it anyway)…
        if (item.raw.startsWith('data:')) return decodeChunk(lines.map((l) => l.replace(/^data: ?/, '')).join('\n'));
        // …and ends a failed stream with a bare JSON error body, no `data:` prefix.
        const parsed = parseData(lines.join('\n'));
        return parsed.ok && parsed.value.error
          ? [errorOf(parsed.value)]
          : [{ type: 'malformed', data: item.raw, message: 'unterminated text at end of stream' }];
      }
      if (item.kind !== 'event') return [];
      return decodeChunk(item.data);
    },
  };

  function decodeChunk(data: string): StreamEvent[] {
    const parsed = parseData(data);
    if (!parsed.ok) return [parsed.event];
    const chunk = parsed.value;
    const out: StreamEvent[] = [];
    if (chunk.error) return [errorOf(chunk)];
    if (!announced) {
      announced = true;
      out.push({ type: 'message-start', id: str(chunk.responseId), model: str(chunk.modelVersion) });
    }
    const candidate = asArray(chunk.candidates).find(isObject);
    const content = candidate && isObject(candidate.content) ? candidate.content : {};
    for (const part of asArray(content.parts)) {
      if (!isObject(part)) continue;
      if (typeof part.text === 'string' && part.text !== '')
        out.push({ type: part.thought ? 'thinking-delta' : 'text-delta', text: part.text });
      if (isObject(part.functionCall)) functionCall(part.functionCall, out);
      if (isObject(part.executableCode))
        out.push({ type: 'tool-result', id: str(part.executableCode.id), name: 'executableCode', content: part.executableCode });
      if (isObject(part.codeExecutionResult))
        out.push({
          type: 'tool-result',
          id: str(part.codeExecutionResult.id),
          name: 'codeExecutionResult',
          content: part.codeExecutionResult,
        });
    }
    for (const key of ['groundingMetadata', 'citationMetadata'] as const) {
      if (candidate && isObject(candidate[key])) out.push({ type: 'annotation', value: candidate[key] });
    }
    if (isObject(chunk.usageMetadata)) out.push(geminiUsage(chunk.usageMetadata));
    const finish = candidate ? str(candidate.finishReason) : undefined;
    const blocked = isObject(chunk.promptFeedback) ? str(chunk.promptFeedback.blockReason) : undefined;
    if (finish || blocked) finishStreaming(out);
    if (finish)
      out.push(
        { type: 'finish', reason: finish === 'STOP' && calls > 0 ? 'tool-calls' : (FINISH[finish] ?? 'other'), raw: finish },
        { type: 'end' },
      );
    else if (blocked) out.push({ type: 'finish', reason: 'content-filter', raw: `prompt blocked: ${blocked}` }, { type: 'end' });
    return out;
  }
}
