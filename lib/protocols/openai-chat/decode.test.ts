/**
 * The Chat Completions decoder, read through the assembler. Quirks from the gateways'
 * own streaming documents (the five seed documents): each must decode and assemble
 * correctly. Then the quirks real streams and gateways showed, each against a case in
 * tests/fixtures/wire/hand-written (the recordings table, lib/assemble/recordings.test.ts,
 * checks their status; these check what they carry). docs/protocols.md states each rule.
 */
import { describe, expect, it } from 'vitest';
import { assembleRecording } from '@/lib/assemble/assemble-recording';
import type { ProtocolId } from '@/lib/protocols/ids';
import { assembleHandWritten as read } from '@/tests/support/hand-written';

const chunk = (delta: object, extra: object = {}) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-abc', object: 'chat.completion.chunk', choices: [{ delta, index: 0 }], ...extra })}\n\n`;
const run = (protocol: ProtocolId, text: string) => assembleRecording(protocol, text);

describe('gateway quirks', () => {
  it('chunks without created, model or finish_reason (a self-hosted gateway)', () => {
    const m = run('openai-chat', chunk({ content: 'Quantum' }) + chunk({ content: ' entanglement' }) + 'data: [DONE]\n\n');
    expect(m).toMatchObject({ status: 'complete', text: 'Quantum entanglement' });
    expect(m.finishReason).toBeUndefined();
  });

  it('one event carried on several data: lines (NanoGPT)', () => {
    const m = run('openai-chat', 'data: {"choices":[{"index":0,\ndata: "delta":{"content":"multi-line"}}]}\n\ndata: [DONE]\n\n');
    expect(m.text).toBe('multi-line');
    expect(m.malformedEvents).toBe(0);
  });

  it(': keep-alive comments anywhere', () => {
    const m = run(
      'openai-chat',
      ': keep-alive\n\n' + chunk({ content: 'a' }) + ': keep-alive\n\n' + chunk({ content: 'b' }) + 'data: [DONE]\n\n',
    );
    expect(m.text).toBe('ab');
  });

  it('data: {"error":…} then data: [DONE] ends as error, not complete (Chuizi)', () => {
    const m = run(
      'openai-chat',
      chunk({ content: 'partial' }) +
        'data: {"error":{"message":"Upstream provider timeout","type":"server_error","code":"504"}}\n\ndata: [DONE]\n\n',
    );
    expect(m).toMatchObject({ status: 'error', text: 'partial', error: { message: 'Upstream provider timeout', code: '504' } });
  });

  it('usage only on the finish chunk (Chuizi, Nimbus)', () => {
    const m = run(
      'openai-chat',
      chunk({ content: 'In' }) +
        chunk(
          {},
          {
            choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
            usage: { prompt_tokens: 14, completion_tokens: 17, total_tokens: 31 },
          },
        ) +
        'data: [DONE]\n\n',
    );
    expect(m).toMatchObject({ finishReason: 'stop', usage: { inputTokens: 14, outputTokens: 17, totalTokens: 31 } });
  });

  it('usage only on a separate empty-choices chunk (include_usage)', () => {
    const m = run(
      'openai-chat',
      chunk({ content: 'x' }, { choices: [{ index: 0, delta: { content: 'x' }, finish_reason: 'stop' }] }) +
        'data: {"id":"c","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}}\n\ndata: [DONE]\n\n',
    );
    expect(m.usage).toEqual({ inputTokens: 3, outputTokens: 1, totalTokens: 4 });
  });

  it('EOF without a terminal marker is truncated (NanoGPT)', () => {
    expect(run('openai-chat', chunk({ content: 'cut' })).status).toBe('truncated');
  });

  it('tool-call arguments split mid-token, id and name only on the first fragment (Nimbus)', () => {
    const m = run(
      'openai-chat',
      chunk({
        role: 'assistant',
        content: null,
        tool_calls: [{ index: 0, id: 'call_abc', type: 'function', function: { name: 'get_weather', arguments: '' } }],
      }) +
        chunk({ tool_calls: [{ index: 0, function: { arguments: '{"ci' } }] }) +
        chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Reykjavik"}' } }] }) +
        chunk({}, { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }) +
        'data: [DONE]\n\n',
    );
    expect(m.toolCalls).toEqual([
      { id: 'call_abc', name: 'get_weather', argsText: '{"city":"Reykjavik"}', args: { city: 'Reykjavik' } },
    ]);
  });

  it('tool arguments that never parse are kept as text and flagged', () => {
    const m = run(
      'openai-chat',
      chunk({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '{"a": tru' } }] }) + 'data: [DONE]\n\n',
    );
    expect(m.toolCalls[0]).toMatchObject({ argsText: '{"a": tru' });
    expect(m.toolCalls[0]!.args).toBeUndefined();
    expect(m.toolCalls[0]!.argsError).toMatch(/JSON/);
  });

  it('a non-SSE 502 body mid-stream (DGX Spark) is not mistaken for events', () => {
    const m = run('openai-chat', chunk({ content: 'Hello' }) + '{"error":{"message":"Bad gateway","code":502}}');
    expect(m).toMatchObject({ status: 'truncated', text: 'Hello' });
  });
});

describe('Chat Completions through a gateway', () => {
  it('reads thinking, its signature and redacted thinking from Portkey’s content_blocks, and the text once', () => {
    const m = read('openai-chat/portkey-anthropic-thinking.sse');
    expect(m.thinking).toBe('Two plus two is four.');
    expect(m.parts).toMatchObject([
      { type: 'thinking', text: 'Two plus two is four.', signature: 'ErUBCkYIBhgCIkD0sig==' },
      { type: 'thinking', redacted: 'EmwKAhgBEgy3redacted' },
      { type: 'text', text: 'It is 4.' },
    ]);
    expect(m.text).toBe('It is 4.');
  });

  it('an error carried as the finish reason makes the reply an error with that reason', () => {
    const m = read('openai-chat/portkey-error-as-finish-reason.sse');
    expect(m).toMatchObject({
      status: 'error',
      text: 'Partial answer',
      error: { code: 'overloaded_error' },
      rawFinishReason: 'overloaded_error',
    });
  });

  it('a clean end after a finish reason is complete, though no [DONE] came; without one it is truncated', () => {
    expect(read('openai-chat/finish-reason-without-done.sse')).toMatchObject({ status: 'complete', text: 'All here.' });
    expect(read('openai-chat/no-finish-no-done.sse')).toMatchObject({ status: 'truncated', text: 'Cut off mid' });
  });
});
