/**
 * What each recorded stream must assemble to: status, finish reason, error, tool
 * calls, and nothing unknown or malformed left over. (Text, thinking, arguments and
 * usage are checked against the official SDKs in sdk-differential.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { fixtures } from '@/tests/support/fixtures';
import { assembleRecording } from './assemble-recording';

type Row = [status: string, finish: string | null, error: string | null, toolCalls: number];

const EXPECTED: Record<string, Row> = {
  // Hand-written cases (tests/fixtures/wire/INDEX.md says what each stands for).
  'hand-written/anthropic-messages/content-block-start-whole-blocks.sse': ['complete', 'stop', null, 0],
  'hand-written/anthropic-messages/message-start-whole-message.sse': ['complete', 'tool-calls', null, 1],
  'hand-written/gemini/vertex-partial-args-cut.sse': ['truncated', null, null, 1],
  'hand-written/gemini/vertex-partial-args-nested.sse': ['complete', 'tool-calls', null, 2],
  'hand-written/gemini/vertex-partial-args-unclosed.sse': ['complete', 'tool-calls', null, 1],
  'hand-written/openai-chat/finish-reason-without-done.sse': ['complete', 'stop', null, 0],
  'hand-written/openai-chat/no-finish-no-done.sse': ['truncated', null, null, 0],
  'hand-written/openai-chat/portkey-anthropic-thinking.sse': ['complete', 'stop', null, 0],
  'hand-written/openai-chat/portkey-error-as-finish-reason.sse': [
    'error',
    'error',
    'The stream ended with the finish reason "overloaded_error".',
    0,
  ],
  'anthropic-messages/code-execution-server-tool.sse': ['complete', 'stop', null, 1],
  'anthropic-messages/error-event-api-error.fragment.sse': ['error', null, 'Internal server error', 0],
  'anthropic-messages/max-tokens.sse': ['complete', 'length', null, 0],
  'anthropic-messages/mcp-server-tool.sse': ['complete', 'stop', null, 1],
  'anthropic-messages/parallel-tool-use.sse': ['complete', 'tool-calls', null, 2],
  'anthropic-messages/pause-turn-web-search.trimmed.sse': ['complete', 'other', null, 6],
  'anthropic-messages/redacted-thinking.sse': ['complete', 'stop', null, 0],
  'anthropic-messages/stop-sequence.sse': ['complete', 'stop', null, 0],
  'anthropic-messages/text-ping-whitespace-padding.sse': ['complete', 'stop', null, 0],
  'anthropic-messages/thinking-signature.sse': ['complete', 'stop', null, 0],
  'anthropic-messages/tool-use-empty-input.sse': ['complete', 'tool-calls', null, 1],
  'anthropic-messages/vertex-claude-text.sse': ['complete', 'stop', null, 0],
  'anthropic-messages/web-fetch-server-tool.sse': ['complete', 'stop', null, 1],
  'anthropic-messages/web-search-citations.sse': ['complete', 'stop', null, 2],
  // Reconstructed without [DONE] (see INDEX.md): EOF without the terminal marker.
  'gateways/alibaba-qwen-tool-call.sse': ['complete', 'tool-calls', null, 1], // no [DONE], but a finish reason: a clean end
  'gateways/deepseek-responses-reasoning-text.sse': ['complete', 'stop', null, 0],
  'gateways/groq-tool-use-failed-error.sse': ['error', null, 'Tool call validation failed', 0],
  'gateways/groq-x-groq-usage.sse': ['complete', 'stop', null, 0],
  'gateways/llamacpp-reasoning-content-timings.sse': ['complete', 'stop', null, 0],
  'gateways/mistral-thinking-content-array.sse': ['complete', 'stop', null, 0],
  'gateways/ollama-parallel-tool-calls.fragment.sse': ['complete', 'tool-calls', null, 2], // likewise
  'gateways/openrouter-anthropic-parallel-tool-calls.sse': ['complete', 'tool-calls', null, 2],
  'gateways/openrouter-processing-reasoning-error.sse': ['error', 'length', 'Token limit reached', 0],
  'gateways/openrouter-responses-api.sse': ['complete', 'stop', null, 0],
  'gateways/openrouter-web-search-annotations.sse': ['complete', 'stop', null, 0],
  'gateways/perplexity-citations.sse': ['complete', 'stop', null, 0],
  'gateways/vllm-crusoe.sse': ['complete', 'stop', null, 0],
  'gateways/zai-glm-reasoning-content.sse': ['complete', 'stop', null, 0],
  'gemini/code-execution.sse': ['complete', 'stop', null, 0],
  'gemini/error-mid-stream.sse': ['error', 'stop', 'The operation was cancelled.', 0],
  'gemini/finish-reason-safety.sse': ['complete', 'content-filter', null, 0],
  'gemini/google-search-grounding.sse': ['complete', 'stop', null, 0],
  'gemini/max-tokens.sse': ['complete', 'length', null, 0],
  'gemini/parallel-function-calls-finish-message.sse': ['complete', 'tool-calls', null, 2],
  'gemini/prompt-blocked-safety.sse': ['complete', 'content-filter', null, 0],
  'gemini/recitation-citations.sse': ['complete', 'content-filter', null, 0],
  'gemini/text-basic.sse': ['complete', 'stop', null, 0],
  'gemini/thinking-thought-parts.sse': ['complete', 'stop', null, 0],
  'gemini/vertex-streaming-function-call-args.sse': ['complete', 'tool-calls', null, 2],
  'openai-chat/azure-content-filter-annotations.sse': ['complete', 'stop', null, 0],
  'openai-chat/deepseek-reasoning-content.sse': ['complete', 'stop', null, 0],
  'openai-chat/finish-length-reasoning-only.sse': ['complete', 'length', null, 0],
  'openai-chat/finish-length.sse': ['complete', 'length', null, 0],
  'openai-chat/logprobs.sse': ['complete', 'stop', null, 0],
  'openai-chat/moderation-trailing-chunk.sse': ['complete', 'stop', null, 0],
  'openai-chat/multiple-choices-n3.sse': ['complete', 'stop', null, 0],
  'openai-chat/parallel-tool-calls-include-usage.sse': ['complete', 'tool-calls', null, 2],
  'openai-chat/parallel-tool-calls.sse': ['complete', 'tool-calls', null, 2],
  'openai-chat/refusal.sse': ['complete', 'stop', null, 0],
  'openai-chat/text-include-usage-obfuscation.sse': ['complete', 'stop', null, 0],
  'openai-responses/background-resume-starting-after.sse': ['complete', 'stop', null, 0],
  'openai-responses/code-interpreter-reasoning.sse': ['complete', 'stop', null, 0],
  'openai-responses/error-then-failed.sse': ['error', null, 'You exceeded your current quota', 0],
  'openai-responses/incomplete-max-output-tokens.sse': ['complete', 'length', null, 0],
  'openai-responses/parallel-function-calls.sse': ['complete', 'tool-calls', null, 2],
  'openai-responses/reasoning-summary-function-call.sse': ['complete', 'tool-calls', null, 1],
  'openai-responses/reasoning-summary-text.sse': ['complete', 'stop', null, 0],
  'openai-responses/refusal.sse': ['complete', 'stop', null, 0],
  'openai-responses/text-basic.sse': ['complete', 'stop', null, 0],
  'openai-responses/web-search-call-annotations.sse': ['complete', 'stop', null, 0],
};

describe('every recording assembles to what it must', () => {
  it('has an expectation for every recording', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(fixtures().map((f) => f.file));
  });

  it.each(fixtures().map((f) => [f.file, f] as const))('%s', (file, fixture) => {
    const m = assembleRecording(fixture.protocol, fixture.bytes);
    const [status, finish, error, toolCalls] = EXPECTED[file]!;
    expect(m.status).toBe(status);
    expect(m.finishReason ?? null).toBe(finish);
    if (error) expect(m.error?.message).toContain(error);
    else expect(m.error).toBeUndefined();
    expect(m.toolCalls).toHaveLength(toolCalls);
    for (const call of m.toolCalls) expect(call.argsError).toBeUndefined();
    expect(m.unknownEvents).toBe(0);
    expect(m.malformedEvents).toBe(0);
  });

  it('keeps the refusal, the Anthropic signature and redacted thinking', () => {
    const get = (file: string) => {
      const f = fixtures().find((x) => x.file === file)!;
      return assembleRecording(f.protocol, f.bytes);
    };
    expect(get('openai-chat/refusal.sse').refusal).toMatch(/can't|cannot|sorry/i);
    const signed = get('anthropic-messages/thinking-signature.sse').parts[0];
    expect(signed?.type === 'thinking' && signed.signature!.length).toBeGreaterThan(100);
    expect(get('anthropic-messages/redacted-thinking.sse').parts.filter((p) => p.type === 'thinking' && p.redacted)).toHaveLength(
      2,
    );
    expect(Object.keys(get('openai-chat/multiple-choices-n3.sse').otherChoices ?? {})).toEqual(['1', '2']);
  });
});
